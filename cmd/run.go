package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui"
	"github.com/gclaude/gclaude/ui/input"
)

// runSession starts claude in the current folder and runs the TUI until the user
// quits. A missing or broken claude is reported before the screen is taken over.
func runSession(ctx context.Context, f *sessionFlags, prompt string, extra []string) error {
	if err := f.validate(); err != nil {
		return err
	}
	bin, err := process.FindBinary(f.claudeBin)
	if err != nil {
		return err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("current folder: %w", err)
	}
	var dbg *debugLog
	if f.debugFile != "" {
		if dbg, err = openDebugLog(f.debugFile); err != nil {
			return err
		}
		defer dbg.Close()
	}

	home, _ := os.UserHomeDir()
	base := f.options(bin, cwd, extra)
	sessionFilesFolder := sessionFilesDir(home, cwd, os.Getenv)
	resume := launchResume(f, &base, sessionFilesFolder)
	ws := loadWorkspace(f, cwd, home, prompt, &base, &resume)
	defer ws.flush()
	l := &launcher{ctx: ctx, dbg: dbg}
	defer l.closeAll()
	// Spawn claude now: it answers a first prompt much sooner when it is already up. A
	// restored workspace that shows another session starts this one when it is shown;
	// a folder that waits for the user's answers (trust, new MCP servers) starts once
	// the screen has asked them.
	var first ui.Backend
	if ws.launchShown() {
		var u *trust.Undecided
		if first, err = l.start(base, false); err != nil && !errors.As(err, &u) {
			return err
		}
	}

	historyPath, herr := input.PromptHistoryPath(cwd, os.Getenv)
	if herr != nil {
		historyPath = "" // history stays in memory
	}
	m := ui.New(ui.Options{
		Backend:           first,
		Start:             l.restarter(base),
		InitialPrompt:     prompt,
		BypassAllowed:     f.skipPermissions,
		Model:             f.model,
		PermissionMode:    f.permissionMode,
		CWD:               cwd,
		Version:           versionString(),
		Home:              home,
		Theme:             f.theme,
		Notify:            f.notify,
		Inline:            f.tui == ui.TUIInline,
		PromptHistoryPath: historyPath,
		Resume:            resume,
		SessionFilesDir:   sessionFilesFolder,
		Login:             loginCommand(bin, cwd, base.Env),
		Claude:            claudeCommand(bin, cwd, base.Env),
		Workspace:         ws.opts,
		RemoteHost: func(spec string) (ui.RemoteHost, error) {
			return process.NewSSHHost(spec, base.SSH)
		},
		Intro: ws.warning,
		Trust: trust.Local{Getenv: getenvOf(base.Env)},
	})
	err = runProgram(ctx, m)
	// Once the screen is restored: the way back to this conversation.
	if line := m.ResumeLine(); line != "" {
		fmt.Fprintln(os.Stdout, line)
	}
	if why := m.Declined(); why != "" && err == nil {
		fmt.Fprintln(os.Stderr, "gclaude:", why)
		return exitCode(1) // as Claude Code's own "No, exit"
	}
	return err
}

// restartOptions are the options of a claude started from the UI: a new conversation
// (/clear) or the same one resumed after claude exited. Launch-time choices of which
// conversation to open no longer apply; the user's current model and mode carry over.
func restartOptions(base process.Options, req ui.StartRequest) process.Options {
	o := base
	o.Resume, o.Continue, o.ForkSession, o.SessionID = req.Resume, false, req.ForkSession, ""
	if req.Model != "" {
		o.Model = req.Model
	}
	if req.PermissionMode != "" {
		o.PermissionMode = req.PermissionMode
	}
	if req.Dir != "" {
		o.Dir = req.Dir
	}
	o.ResumeAt = ""
	if req.Resume != "" {
		o.ResumeAt = req.ResumeAt
	}
	if req.Host != "" {
		o = remoteOptions(o, req.Host)
	}
	for _, d := range req.AddDirs {
		if !slices.Contains(o.AddDirs, d) {
			o.AddDirs = append(slices.Clone(o.AddDirs), d)
		}
	}
	return o
}

// remoteOptions are o for a claude on host: what names this machine's files (the
// binary, the launch's --add-dir folders, --settings and --mcp-config files) is left
// out, as the host does not have them; inline JSON settings still apply. Env was
// claude's environment and would be ssh's: ssh runs with gclaude's own instead.
func remoteOptions(o process.Options, host string) process.Options {
	o.Host, o.Bin, o.Env, o.AddDirs = host, "", nil, nil
	if !strings.HasPrefix(strings.TrimSpace(o.Settings), "{") {
		o.Settings = ""
	}
	if !strings.HasPrefix(strings.TrimSpace(o.MCPConfig), "{") {
		o.MCPConfig = ""
	}
	return o
}

// cliSet remembers every claude started, so that all are closed when gclaude
// exits, whatever the UI managed to close itself (Close is idempotent).
type cliSet struct {
	mu  sync.Mutex
	all []ui.Backend
}

func (s *cliSet) add(b ui.Backend) {
	s.mu.Lock()
	s.all = append(s.all, b)
	s.mu.Unlock()
}

func (s *cliSet) closeAll() {
	s.mu.Lock()
	all := s.all
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, b := range all {
		wg.Add(1)
		go func() { defer wg.Done(); _ = b.Close() }()
	}
	wg.Wait()
}

// loginCommand is the UI's /login: claude's own sign-in, `claude auth login`, run on
// the terminal in dir with env (nil: gclaude's own environment).
// claudeCommand runs the user's claude with args, as /plugin and /logout do.
func claudeCommand(bin, dir string, env []string) func(args ...string) *exec.Cmd {
	return func(args ...string) *exec.Cmd {
		c := exec.Command(bin, args...)
		c.Dir, c.Env = dir, env
		return c
	}
}

func loginCommand(bin, dir string, env []string) func() *exec.Cmd {
	return func() *exec.Cmd {
		c := exec.Command(bin, "auth", "login")
		c.Dir, c.Env = dir, env
		return c
	}
}
