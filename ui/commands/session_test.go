package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/transcript"
)

// fakeSession runs Cmds at once and answers control requests with answer. It is also
// the session's workspace (Workspace returns it): root records what either was asked.
type fakeSession struct {
	info         Info
	launch       Launch // what Launch returns (the workspace's)
	conversation string
	answers      []string
	answer       func(req protocol.ClientRequest) (json.RawMessage, error)
	notices      []string
	pickers      []dialogs.Dialog
	reloads      []ReloadTo
	rewinds      RewindLog
	cut          []string // the drafts CutTranscript put back
	shell        Shell
	shells       []string // what the transcript shows of `!` commands
	draft        string   // what EditDraft put in the prompt
	submitted    []string // what Submit sent
	execs        []string // the command lines Exec ran
	execErr      error
	edit         func(path string)
	vim          bool     // the prompt's vim mode
	theme        string   // what SetTheme chose
	root         []string // the root's own doings asked for: "help", "model opus", …
}

func (h *fakeSession) Notice(kind, text string)     { h.notices = append(h.notices, kind+": "+text) }
func (h *fakeSession) Info() Info                   { return h.info }
func (h *fakeSession) Now() time.Time               { return time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC) }
func (h *fakeSession) Conversation() (string, bool) { return h.conversation, h.conversation != "" }
func (h *fakeSession) Answers() []string            { return h.answers }
func (h *fakeSession) Ask(_ string, work func(ctx context.Context, ask Ask) Done) tea.Cmd {
	return func() tea.Msg {
		return work(context.Background(), func(_ context.Context, req protocol.ClientRequest) (json.RawMessage, error) {
			return h.answer(req)
		})
	}
}
func (h *fakeSession) Later(work func() Done) tea.Cmd { return func() tea.Msg { return work() } }

// Exec records the command line; the program "ran" when the Cmd runs, with the error
// h.execErr, and edit (when set) plays the editor on the file named last.
func (h *fakeSession) Exec(c *exec.Cmd, done func(error) Done) tea.Cmd {
	h.execs = append(h.execs, strings.Join(c.Args, " "))
	return func() tea.Msg {
		if h.edit != nil {
			h.edit(c.Args[len(c.Args)-1])
		}
		return done(h.execErr)
	}
}
func (h *fakeSession) SetContextUsage(*protocol.ContextUsage) {}
func (h *fakeSession) AddDir(string)                          {}
func (h *fakeSession) OpenPicker(build func(dialogs.Env) dialogs.Dialog) tea.Cmd {
	h.pickers = append(h.pickers, build(dialogs.Env{Theme: themes.NewRef(themes.New(themes.Mono)), Keys: keymap.Default()}))
	return nil
}
func (h *fakeSession) Reload(_ string, to ReloadTo) tea.Cmd {
	h.reloads = append(h.reloads, to)
	return nil
}
func (h *fakeSession) Rewinds() *RewindLog                         { return &h.rewinds }
func (h *fakeSession) CutTranscript(_ transcript.ID, draft string) { h.cut = append(h.cut, draft) }
func (h *fakeSession) Shell() *Shell                               { return &h.shell }
func (h *fakeSession) AddShell(command string) transcript.ID {
	h.shells = append(h.shells, "running "+command)
	return transcript.ID(len(h.shells))
}
func (h *fakeSession) FinishShell(id transcript.ID, r transcript.ShellResult) {
	h.shells[id-1] = fmt.Sprintf("done %d", r.ExitCode)
}

func (h *fakeSession) EditDraft(text string) { h.draft = text }
func (h *fakeSession) Submit(text string) tea.Cmd {
	h.submitted = append(h.submitted, text)
	return nil
}
func (h *fakeSession) VimMode() bool      { return h.vim }
func (h *fakeSession) SetVimMode(on bool) { h.vim = on }
func (h *fakeSession) SetTheme(choice string) (tea.Cmd, error) {
	switch choice {
	case "auto", "dark", "light":
		h.theme = choice
		h.launch.Theme = choice
		return nil, nil
	}
	return nil, fmt.Errorf("unknown theme %q (want auto, dark or light)", choice)
}

// rootDid records one of the doings of the session's or the workspace's own.
func (h *fakeSession) rootDid(what string) tea.Cmd {
	h.root = append(h.root, what)
	return nil
}
func (h *fakeSession) OpenTasks()                       { h.rootDid("tasks") }
func (h *fakeSession) Clear() tea.Cmd                   { return h.rootDid("clear") }
func (h *fakeSession) ChooseModel(model string) tea.Cmd { return h.rootDid("model " + model) }
func (h *fakeSession) PickModel() tea.Cmd               { return h.rootDid("model picker") }
func (h *fakeSession) ChooseMode(mode string) tea.Cmd   { return h.rootDid("mode " + mode) }
func (h *fakeSession) PickMode() tea.Cmd                { return h.rootDid("mode picker") }
func (h *fakeSession) Resume(query string) tea.Cmd      { return h.rootDid("resume " + query) }
func (h *fakeSession) Login() tea.Cmd                   { return h.rootDid("login") }
func (h *fakeSession) Workspace() Workspace             { return h }
func (h *fakeSession) Launch() Launch                   { return h.launch }

// Do records what was asked of the workspace, in words the tests compare; an act of a
// kind no test names yet is recorded as Go prints it.
func (h *fakeSession) Do(act WorkspaceAct) tea.Cmd {
	switch a := act.(type) {
	case OpenArgs:
		return h.rootDid("open " + a.Dir + " " + a.Worktree + " " + a.Host)
	case PickSession:
		return h.rootDid("sessions")
	case ForkArgs:
		return h.rootDid(fmt.Sprintf("fork at=%q draft=%q prompt=%q title=%q front=%v fresh=%v", a.At, a.Draft, a.Prompt, a.Title, a.Front, a.Fresh))
	case CloseSession:
		if a.Force {
			return h.rootDid("close --force")
		}
		return h.rootDid("close")
	case OpenInbox:
		return h.rootDid("inbox")
	case OpenHelp:
		return h.rootDid("help")
	case Quit:
		return h.rootDid("quit")
	}
	return h.rootDid(fmt.Sprintf("%T %+v", act, act))
}
func (h *fakeSession) ShowDiff() tea.Cmd { return h.rootDid("diff") }

// run runs cmd and applies its Result, as Update does.
func (h *fakeSession) run(t *testing.T, cmd tea.Cmd) {
	t.Helper()
	if cmd == nil {
		t.Fatal("no Cmd")
	}
	r, ok := cmd().(Result)
	if !ok {
		t.Fatal("the Cmd's message is not a Result")
	}
	r.Apply(h)
}
