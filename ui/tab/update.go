package tab

import (
	"fmt"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/statusline"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Update handles a message of the session: one its Cmds returned, one of its claude,
// or a key, paste or wheel the workspace did not take. It returns what to run next
// and what the workspace should know. It never blocks and never does I/O.
func (t *Tab) Update(msg tea.Msg) (tea.Cmd, Report) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = t.handleKey(msg)
	case tea.PasteMsg:
		cmd = t.handlePaste(msg)
	case tea.MouseWheelMsg:
		t.handleWheel(msg)
	case AnswerKey:
		cmd = t.answerKey(msg.Msg)
	case eventsMsg:
		cmd = t.handleEvents(msg)
	case cliStartedMsg:
		cmd = t.handleCLIStarted(msg)
	case dialogBuiltMsg:
		cmd = t.handleDialogBuilt(msg)
	case session.PromptSent, session.Interrupted, session.Answered, session.ModelSet, session.ModeSet:
		t.handleCallDone(msg)
	case input.Msg:
		cmd = t.updatePrompt(msg)
	case transcript.OpenTaskMsg:
		cmd = t.openTask(msg)
	case transcript.CopiedMsg:
		t.hint(copiedHint(msg), copiedHintFor)
	case session.TaskStopped:
		t.handleTaskStopped(msg)
	case tasks.OutputPollMsg:
		cmd = t.pollTaskOutput()
	case session.TaskOutput:
		t.handleTaskOutput(msg)
	case session.TasksBackgrounded:
		t.handleTasksBackgrounded(msg)
	case commands.Result:
		cmd = msg.Apply(t)
	case tabHandlingMsg:
		cmd = msg.handle(t)
	case statusline.DueMsg:
		cmd = t.statusLineDue(msg)
	case statusline.DoneMsg:
		cmd = t.statusLineDone(msg)
	default:
		// Dialogs' own messages (grace-period timers, editor results) go to every
		// dialog: they carry the id of the dialog that started them.
		cmd = t.updateDialogs(msg)
	}
	return tea.Batch(cmd, t.observeStatusLine()), t.TakeReport()
}

// tabHandlingMsg is a message that handles itself in its tab: Update calls its handle
// instead of routing it by type (session commands, file listings, image reads).
type tabHandlingMsg interface {
	handle(t *Tab) tea.Cmd
}

// AnswerKey is a key or paste for the decision the inbox shows of this session.
type AnswerKey struct{ Msg tea.Msg }

// answerKey gives a key or paste to the session's first decision, which the inbox
// shows.
func (t *Tab) answerKey(msg tea.Msg) tea.Cmd {
	e, ok := t.dialogs.FirstRequest()
	if !ok {
		return nil
	}
	action, cmd := e.Dialog.Update(msg)
	return tea.Batch(cmd, t.dialogAction(e.Dialog, action))
}

// Tick moves spinners and elapsed times on.
func (t *Tab) Tick(now time.Time) { t.conversation.Tick(now) }

// Animating reports whether anything the tab shows moves with time.
func (t *Tab) Animating() bool {
	return t.turn.Running || t.sess.Phase == session.PhaseStarting || t.sess.Phase == session.PhaseRestarting ||
		t.conversation.Live() || t.tasks.Live()
}

// hintFor is how long the session's own hints stay in place of the key help.
const hintFor = 2 * time.Second

// copiedHintFor is how long "copied …" stays in place of the key help.
const copiedHintFor = 3 * time.Second

// copiedHint says what y or Y sent to the clipboard, and how much.
func copiedHint(msg transcript.CopiedMsg) string {
	return fmt.Sprintf("copied %s to the clipboard · %s %s", msg.What, groupThousands(msg.Chars), render.Plural(msg.Chars, "character"))
}

// groupThousands writes n with thousands separators: 12,345.
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
