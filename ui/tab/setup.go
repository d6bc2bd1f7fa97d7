package tab

import (
	"bytes"
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
)

// runSetup runs the workspace's setup command in the tab's new worktree, its output in
// the transcript like a `!` command's; claude starts when it is done, whether it
// failed or not (the user may finish the setup by hand). A prompt typed meanwhile is
// held until claude runs.
func (t *Tab) runSetup() tea.Cmd {
	command, wt := t.place.Setup, *t.place.Worktree
	t.place.Setup = ""
	t.sess.Phase = session.PhaseRestarting
	id := t.conversation.AddShell(command)
	return func() tea.Msg {
		var out bytes.Buffer
		err := worktree.Setup(context.Background(), wt, command, &out)
		return setupDone{id: id, out: out.String(), err: err}
	}
}

// setupDone reports the setup command's end.
type setupDone struct {
	id  transcript.ID
	out string
	err error
}

func (msg setupDone) handle(t *Tab) tea.Cmd {
	r := transcript.ShellResult{Stdout: msg.out}
	if msg.err != nil {
		r.ExitCode = 1
		var se *worktree.SetupError
		if errors.As(msg.err, &se) && se.Code > 0 {
			r.ExitCode = se.Code
		}
		t.notice(noticeWarning, "the setup command failed ("+msg.err.Error()+"): claude starts anyway")
	}
	t.conversation.FinishShell(msg.id, r)
	return t.startCLI(session.StartRequest{})
}
