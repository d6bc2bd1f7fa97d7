package cmd

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/framepace"
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

// start spawns claude with o.
func (l *launcher) start(o process.Options) (ui.Backend, error) {
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
		return l.start(restartOptions(base, req))
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
