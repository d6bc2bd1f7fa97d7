package cmd

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/gclaude/gclaude/internal/demo"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui"
)

// demoFlags are `gclaude demo`'s flags.
type demoFlags struct {
	claudeBin string
	theme     string
	debugFile string
}

// newDemoCommand is `gclaude demo`: the guided tour of internal/demo.
func newDemoCommand() *cobra.Command {
	var f demoFlags
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "A guided tour: the real claude CLI against a built-in scripted API, no account needed",
		Long: `demo runs the real claude CLI against a scripted stand-in for the Anthropic API on
127.0.0.1, in a throwaway sample project with its own HOME: no account is needed,
nothing leaves this machine, and everything is deleted when you quit. Type a step's
number (1 to 6) to see markdown, a command with a permission prompt, an edit with its
diff, plan review, questions and a subagent.

It uses the claude CLI of --claude-bin or $CLAUDE_BIN, else the pinned CLI that
"make claude-cli" installs in a gclaude source tree, else claude on $PATH.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDemo(cmd.Context(), &f)
		},
	}
	cmd.Flags().StringVar(&f.claudeBin, "claude-bin", "", "the claude CLI to run (default: $CLAUDE_BIN, the pinned CLI of this source tree, then claude on PATH)")
	cmd.Flags().StringVar(&f.theme, "theme", themes.ThemeAuto, "colours: auto (from the terminal's background), dark or light")
	cmd.Flags().StringVar(&f.debugFile, "debug-file", "", "append every line to and from claude, and every UI event, to this file")
	return cmd
}

// runDemo sets the tour up, runs the TUI on it, and removes the sandbox afterwards.
// Whatever fails before the screen is taken over is reported as a plain error.
func runDemo(ctx context.Context, f *demoFlags) (err error) {
	if _, err := themes.Detect(f.theme, true, nil); err != nil {
		return fmt.Errorf("--theme: %w", err)
	}
	d, err := demo.Start(ctx, f.claudeBin)
	if err != nil {
		return err
	}
	defer func() {
		// Runs after every session is closed (defers run last in, first out).
		if cerr := d.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("demo: removing the sandbox: %w", cerr)
		}
	}()
	var dbg *debugLog
	if f.debugFile != "" {
		if dbg, err = openDebugLog(f.debugFile); err != nil {
			return err
		}
		defer dbg.Close()
	}

	base := d.Options()
	l := &launcher{ctx: ctx, dbg: dbg}
	defer l.closeAll()
	first, err := l.start(base, false) // the sandbox is trusted by construction (internal/demo)
	if err != nil {
		return err
	}
	home, _ := os.UserHomeDir()
	m := ui.New(ui.Options{
		Backend: first,
		Start:   l.restarter(base), // /clear and restarts stay in the same sandbox
		CWD:     d.Project(),
		Home:    home,
		Theme:   f.theme,
		Intro:   d.Intro(),
		// No PromptHistoryPath: the tour's prompts stay out of the user's own history.
	})
	return runProgram(ctx, m)
}
