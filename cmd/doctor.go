package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/input"
)

func newDoctorCommand() *cobra.Command {
	var claudeBin, host, sshConfig string
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Find the claude CLI and check that gclaude can use it",
		Long: `doctor looks for the claude CLI the way gclaude does (--claude-bin, then $CLAUDE_BIN,
then claude on PATH, then ~/.claude/local/claude), runs it with --version and prints what
it found, and asks it whether it can sign in to the API (claude auth status). It exits
with status 1 when something is wrong.

With --host [user@]host[:port] it checks a machine reached over ssh instead: that ssh
logs in without asking anything (your own ssh config, keys, agent and known_hosts), the
claude on that host's PATH and its version, and whether it is logged in there.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if host != "" {
				if !runDoctorHost(cmd, host, sshConfig) {
					return exitCode(1)
				}
				return nil
			}
			if !runDoctor(cmd, claudeBin) {
				return exitCode(1)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&claudeBin, "claude-bin", "", "check this claude CLI instead of searching")
	cmd.Flags().StringVar(&host, "host", "", "check a machine reached over ssh: [user@]host[:port]")
	cmd.Flags().StringVar(&sshConfig, "ssh-config", "", "ssh client config file (ssh -F; default $"+process.SSHConfigEnv+", else your own)")
	return cmd
}

// runDoctor prints its findings and reports whether everything is usable.
func runDoctor(cmd *cobra.Command, claudeBin string) bool {
	w := sanitizingWriter{out(cmd)}
	ok := true
	fmt.Fprintf(w, "gclaude %s\n\n", versionString())

	fmt.Fprintln(w, "claude CLI")
	switch {
	case claudeBin != "":
		fmt.Fprintf(w, "  searched: --claude-bin %s\n", claudeBin)
	case os.Getenv("CLAUDE_BIN") != "":
		fmt.Fprintf(w, "  searched: $CLAUDE_BIN (%s)\n", os.Getenv("CLAUDE_BIN"))
	default:
		fmt.Fprintln(w, "  searched: claude on $PATH, then ~/.claude/local/claude")
	}
	bin, err := process.FindBinary(claudeBin)
	if err != nil {
		var nf *process.NotFoundError
		if errors.As(err, &nf) {
			for _, s := range nf.Searched {
				fmt.Fprintf(w, "  ✗ %s\n", s)
			}
			fmt.Fprintf(w, "  install it with `%s`, or point --claude-bin or $CLAUDE_BIN at it\n", process.InstallHint)
		} else {
			fmt.Fprintf(w, "  ✗ %v\n", err)
		}
		return false
	}
	fmt.Fprintf(w, "  found:    %s\n", bin)
	version, err := process.CheckVersion(bin)
	if err != nil {
		fmt.Fprintf(w, "  ✗ %v\n", err)
		ok = false
	} else {
		fmt.Fprintf(w, "  version:  %s (gclaude needs %s or newer) ✓\n", version, process.MinVersion)
	}

	if ok && !doctorAuth(w, bin) {
		ok = false
	}

	fmt.Fprintln(w, "\nprompt history")
	if cwd, err := os.Getwd(); err == nil {
		if path, err := input.PromptHistoryPath(cwd, os.Getenv); err == nil {
			fmt.Fprintf(w, "  this folder: %s\n", path)
		} else {
			fmt.Fprintf(w, "  ! %v (history is kept in memory only)\n", err)
		}
	}
	if ok {
		fmt.Fprintln(w, "\neverything looks fine")
	}
	return ok
}

// doctorAuth reports whether claude has credentials; false when it says it has none.
// A CLI that cannot say (too old for `auth status`) is reported, not failed.
func doctorAuth(w io.Writer, bin string) bool {
	fmt.Fprintln(w, "\nauthentication")
	st, err := process.CheckAuth(bin, nil)
	switch {
	case err != nil:
		fmt.Fprintf(w, "  ? could not ask claude: %v\n", err)
		return true
	case !st.LoggedIn:
		fmt.Fprintln(w, "  ✗ claude is not logged in: run `claude auth login` (or /login inside gclaude),")
		fmt.Fprintln(w, "    or set ANTHROPIC_API_KEY")
		return false
	}
	fmt.Fprintf(w, "  logged in: %s ✓\n", st.Describe())
	return true
}
