package cmd

import (
	"context"
	"errors"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/framepace"
	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui"
)

// launcher starts the claude processes of one gclaude run: each gets the --debug-file
// trace and log, and every one is closed when gclaude exits.
type launcher struct {
	ctx  context.Context // claude processes live as long as the program
	dbg  *debugLog       // nil without --debug-file
	clis cliSet
}

// start spawns claude with o, once the folder is trusted and its new MCP servers are
// answered for (guard); trustedNow says the user trusted it in this gclaude. Every o
// comes from the launch's options (restarts through restartOptions), so
// o.NotifyCommand already holds --notify-command for a start on the session server.
func (l *launcher) start(o process.Options, trustedNow bool) (ui.Backend, error) {
	if err := l.guard(o, trustedNow); err != nil {
		return nil, err
	}
	if l.dbg != nil {
		o.Trace = l.dbg.trace
	}
	s, err := process.Start(l.ctx, o)
	if err != nil {
		return nil, err
	}
	var b ui.Backend = s
	if l.dbg != nil {
		b = l.dbg.wrap(s)
	}
	l.clis.add(b)
	return b, nil
}

// restarter is the UI's StartFunc: /clear and restarts after an exit run claude again
// with base, adjusted by restartOptions.
func (l *launcher) restarter(base process.Options) ui.StartFunc {
	return func(_ context.Context, req ui.StartRequest) (ui.Backend, error) {
		// Each claude lives as long as the program, like the first one.
		return l.start(restartOptions(base, req), req.Trusted)
	}
}

// guardTimeout bounds the trust check before a start (a host over ssh included).
const guardTimeout = 30 * time.Second

// guard stands before every claude gclaude starts: headless claude runs a folder's
// hooks and new .mcp.json servers without asking, so it starts only where Claude
// Code's record trusts the folder and every server is answered for. Otherwise the
// error is a *trust.Undecided, which the UI turns into its questions.
func (l *launcher) guard(o process.Options, trustedNow bool) error {
	fsys := trust.FS(trust.Local{Getenv: getenvOf(o.Env)})
	if o.Host != "" {
		h, err := process.NewSSHHost(o.Host, o.SSH)
		if err != nil {
			return err
		}
		fsys = trust.Remote{Host: o.Host, Run: h}
	}
	ctx, cancel := context.WithTimeout(l.ctx, guardTimeout)
	defer cancel()
	return trust.Guard(ctx, fsys, o.Dir, trustedNow)
}

// getenvOf reads env (KEY=VALUE entries, the last of a key winning) as os.Getenv
// would; nil is gclaude's own environment, which claude then inherits.
func getenvOf(env []string) func(string) string {
	if env == nil {
		return os.Getenv
	}
	return func(key string) string {
		for i := len(env) - 1; i >= 0; i-- {
			if k, v, ok := strings.Cut(env[i], "="); ok && k == key {
				return v
			}
		}
		return ""
	}
}

// closeAll closes every claude started.
func (l *launcher) closeAll() { l.clis.closeAll() }

// runProgram runs the TUI until the user quits; quitting with ctrl+c or a cancelled
// context is not an error.
//
// Bubble Tea's own signal handler is off: on SIGTERM it sends QuitMsg to the event loop
// without watching the context, so when the context is cancelled by the same signal
// (Shutdown) the loop returns first, the handler blocks forever and the program's
// shutdown waits for it, with the terminal still in the alternate screen. Signals reach
// the program only as the cancelled ctx, which every part of Bubble Tea watches.
//
// The model is wrapped so that Bubble Tea's frame ticker slows down while nothing
// happens (internal/framepace): idle is then idle.
func runProgram(ctx context.Context, m tea.Model) error {
	paced, attach := framepace.Wrap(m, framepace.On)
	p := tea.NewProgram(paced, tea.WithContext(ctx), tea.WithoutSignalHandler())
	attach(p)
	_, err := p.Run()
	if errors.Is(err, tea.ErrInterrupted) || errors.Is(err, context.Canceled) {
		err = nil
	}
	return err
}
