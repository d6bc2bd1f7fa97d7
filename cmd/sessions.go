package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/gclaude/gclaude/internal/sessionserver"
	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/render"
)

// sessionClient reaches this user's session server; it starts one with this very
// program (`gclaude session-server --detach`).
func sessionClient() (*sessionwire.Client, error) {
	paths, err := sessionwire.Locate(os.Getenv)
	if err != nil {
		return nil, err
	}
	return &sessionwire.Client{Paths: paths, Build: versionString(), Start: func() sessionwire.ServerCommand {
		exe, err := os.Executable()
		if err != nil {
			exe = os.Args[0]
		}
		return sessionwire.ServerCommand{Path: exe, Args: []string{exe, sessionwire.ServeArg, sessionwire.DetachFlag}}
	}}, nil
}

// newSessionServerCommand is the server itself, started by gclaude on demand.
func newSessionServerCommand() *cobra.Command {
	var detach bool
	cmd := &cobra.Command{
		Use:    sessionwire.ServeArg,
		Short:  "Run the session server that keeps sessions running without a screen (started by gclaude)",
		Args:   cobra.NoArgs,
		Hidden: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			paths, err := sessionwire.Locate(os.Getenv)
			if err != nil {
				return err
			}
			if detach {
				exe, err := os.Executable()
				if err != nil {
					return err
				}
				return sessionserver.Detach(exe, []string{sessionwire.ServeArg}, paths)
			}
			// No terminal hangs up on the server, and a stray ctrl+c does not stop it:
			// only SIGTERM does (stopping every claude it runs).
			signal.Ignore(syscall.SIGHUP, syscall.SIGINT)
			return sessionserver.Run(cmd.Context(), sessionserver.Config{Paths: paths, Build: versionString()}, sessionserver.ReadyFile())
		},
	}
	cmd.Flags().BoolVar(&detach, "detach", false, "start the server in a session of its own and return")
	return cmd
}

// newLsCommand is `gclaude ls`: the sessions the server runs.
func newLsCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "ls",
		Short: "List the sessions running in the background (the session server's)",
		Long: `List the claude sessions gclaude's session server runs: each one's id, name, state
(working, waiting for you, idle, exited), folder, claude's pid, when it started and the
last thing claude said. Sessions run there when gclaude detaches from them; ` + "`gclaude stop NAME`" + `
ends one. Nothing is started: without a server there is nothing to list.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, err := sessionClient()
			if err != nil {
				return err
			}
			reply, err := c.Call(sessionwire.Request{Op: sessionwire.OpList})
			switch {
			case errors.Is(err, sessionwire.ErrNoServer):
				return noServer(out(cmd), c, asJSON)
			case err != nil:
				return err
			case asJSON:
				if reply.Sessions == nil {
					reply.Sessions = []sessionwire.Info{} // [] rather than null
				}
				return writeJSON(out(cmd), reply.Sessions)
			}
			listSessions(out(cmd), reply.Sessions, time.Now())
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the sessions as JSON")
	return cmd
}

// noServer says there is nothing to list, and names the sessions a killed server
// took with it.
func noServer(w io.Writer, c *sessionwire.Client, asJSON bool) error {
	if asJSON {
		return writeJSON(w, []sessionwire.Info{})
	}
	fmt.Fprintln(w, "No session runs in the background.")
	if reg, ok := sessionwire.ReadRegistry(c.Paths.Registry); ok && len(reg.Sessions) > 0 {
		fmt.Fprintf(w, "The session server (pid %d) ended without stopping its %d session(s); their claude ended with it. Resume them with gclaude -r:\n", reg.PID, len(reg.Sessions))
		for _, in := range reg.Sessions {
			fmt.Fprintf(w, "  %s  %s  %s\n", safe(orDash(in.Name)), safe(tildeHome(in.Dir)), safe(orDash(in.Conversation)))
		}
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// stateWords are the states as ls shows them.
var stateWords = map[string]string{
	sessionwire.StateWorking: "working",
	sessionwire.StateWaiting: "waiting for you",
	sessionwire.StateIdle:    "idle",
	sessionwire.StateExited:  "exited",
}

// listSessions prints one row a session. Every string from a session goes through
// render.Sanitize: names, folders and what claude said reach the terminal.
func listSessions(w io.Writer, all []sessionwire.Info, now time.Time) {
	if len(all) == 0 {
		fmt.Fprintln(w, "No session runs in the background.")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSTATE\tFOLDER\tPID\tSTARTED\tLAST")
	for _, in := range all {
		state := stateWords[in.State]
		if in.Exit != nil {
			state = fmt.Sprintf("exited (%s)", exitWords(in.Exit))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", in.ID, safe(orDash(in.Name)), state, safe(tildeHome(in.Dir)),
			in.PID, startedWords(in.Started, now), safe(render.Truncate(in.LastLine, 60)))
	}
	_ = tw.Flush()
}

func exitWords(x *sessionwire.Exit) string {
	if x.Signal != "" {
		return x.Signal
	}
	return fmt.Sprintf("code %d", x.Code)
}

// startedWords is a start time: the clock time today, the date before.
func startedWords(t, now time.Time) string {
	y1, m1, d1 := t.Date()
	y2, m2, d2 := now.Date()
	if y1 == y2 && m1 == m2 && d1 == d2 {
		return t.Format("15:04")
	}
	return t.Format("2006-01-02 15:04")
}

// safe makes one table cell of s: sanitised, on one line, no tab to break columns.
func safe(s string) string {
	return strings.ReplaceAll(render.OneLine(render.Sanitize(s)), "\t", " ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func tildeHome(dir string) string {
	home, err := os.UserHomeDir()
	if err == nil && home != "" {
		if rel, err := filepath.Rel(home, dir); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.Join("~", rel)
		}
	}
	return dir
}

// newStopCommand is `gclaude stop NAME`.
func newStopCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "stop NAME",
		Short: "Stop a session running in the background (its id, a unique id prefix, or its name)",
		Long: `Stop one session of gclaude's session server, as quitting would: a running turn is
interrupted, claude's input closed, and claude stopped if it does not end. ` + "`gclaude ls`" + `
lists the sessions.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := sessionClient()
			if err != nil {
				return err
			}
			reply, err := c.Call(sessionwire.Request{Op: sessionwire.OpStop, ID: args[0]})
			if errors.Is(err, sessionwire.ErrNoServer) {
				return fmt.Errorf("no session runs in the background")
			}
			if err != nil {
				return err
			}
			in := reply.Session
			fmt.Fprintf(out(cmd), "Stopping %s (%s, claude pid %d, in %s).\n", safe(orDash(in.Name)), in.ID, in.PID, safe(tildeHome(in.Dir)))
			return nil
		},
	}
}
