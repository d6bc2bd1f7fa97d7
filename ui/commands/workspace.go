package commands

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// The workspace's commands: none of these names is a Claude Code command or alias
// (/new is its /clear), and /diff is Claude Code's own: what changed in the folder.
func init() {
	register(Command{Command: input.Command{Name: "open", Description: "Open another session, in a folder or a new git worktree", ArgumentHint: "[dir] [--worktree name] [--host [user@]host]"},
		Place: placeWorkspace, Run: runOpen})
	register(Command{Command: input.Command{Name: "sessions", Description: "List the sessions of this workspace and switch"},
		Place: placeWorkspace + 1, Run: func(s Session, _ string) tea.Cmd { return s.Workspace().Do(PickSession{}) }})
	register(Command{Command: input.Command{Name: "inbox", Description: "Answer the oldest decision any session waits on"},
		Place: placeWorkspace + 2, Run: func(s Session, _ string) tea.Cmd { return s.Workspace().Do(OpenInbox{}) }})
	register(Command{Command: input.Command{Name: "close", Description: "Close this session (and offer to remove its worktree)", ArgumentHint: "[--force]"},
		Place: placeWorkspace + 3, Run: runClose})
	register(Command{Command: input.Command{Name: "diff", Description: "Show what this session changed in its folder or worktree"},
		Place: placeWorkspace + 4, Run: func(s Session, _ string) tea.Cmd { return s.ShowDiff() }})
}

// Workspace is the workspace as a command sees it (the root ui implements it): the
// other sessions and what is not one session's (help, quitting, the theme).
type Workspace interface {
	// Do carries out what a command asks of the workspace, on behalf of the session it
	// runs in: a WorkspaceAct.
	Do(act WorkspaceAct) tea.Cmd
	// SetTheme switches gclaude's colours to a --theme value (auto, dark, light) for
	// this run; an unknown one is an error.
	SetTheme(choice string) (tea.Cmd, error)
	// Launch is what gclaude was started with and the theme chosen since.
	Launch() Launch
}

// WorkspaceAct is what a command asks the workspace to do: OpenArgs, ForkArgs,
// PickSession, CloseSession, OpenInbox, OpenHelp or Quit. A command that acts on the
// workspace in a new way declares its own, in its file.
type WorkspaceAct interface{ workspaceAct() }

// PickSession shows the session picker: every session, to switch to, diff or close.
type PickSession struct{}

// CloseSession closes the session the command runs in (Force: even when its worktree
// holds work).
type CloseSession struct{ Force bool }

// OpenInbox shows the oldest decision any session waits on.
type OpenInbox struct{}

// OpenHelp shows the help screen.
type OpenHelp struct{}

// Quit closes every session and leaves gclaude.
type Quit struct{}

func (OpenArgs) workspaceAct()     {}
func (ForkArgs) workspaceAct()     {}
func (PickSession) workspaceAct()  {}
func (CloseSession) workspaceAct() {}
func (OpenInbox) workspaceAct()    {}
func (OpenHelp) workspaceAct()     {}
func (Quit) workspaceAct()         {}

// OpenArgs are /open's arguments: another session in a folder or a new git worktree,
// here or on another machine, brought to the front.
type OpenArgs struct {
	Dir      string
	Worktree string
	Host     string // [user@]host[:port]: the session runs there, over ssh
}

// ParseOpen reads `[dir] [--worktree name] [--host machine]` (also --worktree=name,
// -w name, --host=machine).
func ParseOpen(args string) (OpenArgs, error) {
	var a OpenArgs
	fields := strings.Fields(args)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		switch {
		case f == "--worktree" || f == "-w":
			if i+1 >= len(fields) {
				return a, fmt.Errorf("%s needs a name: /open [dir] --worktree name", f)
			}
			i++
			a.Worktree = fields[i]
		case f == "--host":
			if i+1 >= len(fields) {
				return a, fmt.Errorf("--host needs a machine: /open --host [user@]host[:port] dir")
			}
			i++
			a.Host = fields[i]
		case strings.HasPrefix(f, "--host="):
			a.Host = strings.TrimPrefix(f, "--host=")
		case strings.HasPrefix(f, "--worktree="):
			a.Worktree = strings.TrimPrefix(f, "--worktree=")
			if a.Worktree == "" {
				return a, fmt.Errorf("--worktree needs a name: /open [dir] --worktree name")
			}
		case strings.HasPrefix(f, "-"):
			return a, fmt.Errorf("/open does not know %s: /open [dir] [--worktree name]", f)
		case a.Dir != "":
			return a, fmt.Errorf("/open takes one folder, got %q and %q", a.Dir, f)
		default:
			a.Dir = f
		}
	}
	return a, nil
}

func runOpen(s Session, args string) tea.Cmd {
	a, err := ParseOpen(args)
	if err != nil {
		s.Notice(noticeWarning, err.Error())
		return nil
	}
	return s.Workspace().Do(a)
}

func runClose(s Session, args string) tea.Cmd {
	switch strings.TrimSpace(args) {
	case "":
		return s.Workspace().Do(CloseSession{})
	case "--force", "-f":
		return s.Workspace().Do(CloseSession{Force: true})
	}
	s.Notice(noticeWarning, "usage: /close [--force]")
	return nil
}
