// Package cmd builds gclaude's command line: the root command that runs a session in
// the current folder, and the version, doctor, demo and replay subcommands.
package cmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// Execute runs gclaude with os.Args and returns the process exit code.
func Execute(ctx context.Context) int {
	root := NewRootCommand()
	root.SetArgs(optionalResumeValue(os.Args[1:]))
	if err := root.ExecuteContext(ctx); err != nil {
		if code, ok := err.(exitCode); ok {
			return int(code)
		}
		if ctx.Err() != nil && errors.Is(err, context.Canceled) {
			return 1 // stopped by a signal before the screen was taken over: nothing to say
		}
		fmt.Fprintln(os.Stderr, "gclaude:", err)
		return 1
	}
	return 0
}

// exitCode ends the program with a code after the command printed its own report.
type exitCode int

func (c exitCode) Error() string { return fmt.Sprintf("exit status %d", int(c)) }

// NewRootCommand is `gclaude [flags] [prompt] [-- claude args]` and its subcommands.
func NewRootCommand() *cobra.Command {
	var f sessionFlags
	root := &cobra.Command{
		Use:   "gclaude [flags] [prompt] [-- claude-args…]",
		Short: "A terminal frontend for the Claude Code CLI",
		Long: `gclaude runs your installed claude CLI in its headless stream-json mode and shows the
session itself: streaming answers, tool calls, diffs, permission prompts and plan review.

It starts an interactive session in the current folder; a prompt given on the command
line is sent at once. Arguments after "--" are passed to claude unchanged.

Two ways to show it (--tui, or $GCLAUDE_TUI):
  fullscreen  the default: gclaude's own screen, scrolling, search (/) and copy (y);
              nothing flickers and the transcript can be browsed and expanded in place
  inline      the conversation is printed into the terminal's own scrollback, so the
              terminal's or tmux's scrollback, search and selection work on it (a copied
              paragraph is one line, a copied code block exactly its lines) and it stays
              after quitting; only the prompt, dialogs and what is still streaming are
              redrawn. ? and tab open the help and the transcript full-screen.

Several sessions side by side, a workspace: in the prompt, /open [dir] starts another
session (--worktree NAME in a new git worktree, --host to run claude on another machine
over ssh), alt+s (/sessions) lists them and switches, alt+i (/inbox) answers the oldest
question or permission any of them waits on. gclaude in the same folder brings every
session of its workspace back.

While the terminal is not focused, a waiting decision or the end of a long turn rings
the bell or sends a desktop notification (--notify, or $GCLAUDE_NOTIFY).`,
		Example: `  gclaude
  gclaude "explain this repository"
  gclaude -c                       # continue the latest conversation here
  gclaude -r 3f2a…                 # resume a conversation
  gclaude --model sonnet --permission-mode plan
  gclaude --tui inline             # the conversation in the terminal's scrollback
  gclaude --max-running 4          # a workspace runs at most 4 claude processes at once
  gclaude -- --effort high         # arguments after -- go to claude as they are`,
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			prompt, extra := splitAtDash(args, cmd.ArgsLenAtDash())
			return runSession(cmd.Context(), &f, prompt, extra)
		},
	}
	root.Flags().SortFlags = false
	f.register(root.Flags())
	registerCompletions(root, &f)
	hidePickSentinel(root)
	root.AddCommand(newVersionCommand(), newDoctorCommand(), newDemoCommand(), newReplayCommand(),
		newLsCommand(), newStopCommand(), newSessionServerCommand())
	return root
}

// splitAtDash separates the prompt words from the arguments after "--".
func splitAtDash(args []string, dash int) (prompt string, extra []string) {
	if dash < 0 {
		return strings.Join(args, " "), nil
	}
	return strings.Join(args[:dash], " "), args[dash:]
}

func out(cmd *cobra.Command) io.Writer { return cmd.OutOrStdout() }

// hidePickSentinel keeps the value a bare --resume stands for out of --help: pflag
// prints it (`--resume string[="pick"]`), which reads as if "pick" were to be typed.
func hidePickSentinel(root *cobra.Command) {
	def := root.HelpFunc()
	sentinel := fmt.Sprintf(`--resume string[="%s"]`, resumePick)
	plain := "--resume [id|name]"
	plain += strings.Repeat(" ", max(0, len(sentinel)-len(plain))) // the columns stay aligned
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if c != root {
			def(c, args)
			return
		}
		var buf bytes.Buffer
		w := c.OutOrStdout()
		c.SetOut(&buf)
		def(c, args)
		c.SetOut(w)
		fmt.Fprint(w, strings.Replace(buf.String(), sentinel, plain, 1))
	})
}
