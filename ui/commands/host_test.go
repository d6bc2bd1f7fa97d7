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

// fakeHost runs Cmds at once and answers control requests with answer.
type fakeHost struct {
	session      Session
	conversation string
	answers      []string
	answer       func(req protocol.HostRequest) (json.RawMessage, error)
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

func (h *fakeHost) Notice(kind, text string)     { h.notices = append(h.notices, kind+": "+text) }
func (h *fakeHost) Session() Session             { return h.session }
func (h *fakeHost) Now() time.Time               { return time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC) }
func (h *fakeHost) Conversation() (string, bool) { return h.conversation, h.conversation != "" }
func (h *fakeHost) Answers() []string            { return h.answers }
func (h *fakeHost) Ask(_ string, work func(ctx context.Context, ask Ask) Done) tea.Cmd {
	return func() tea.Msg {
		return work(context.Background(), func(_ context.Context, req protocol.HostRequest) (json.RawMessage, error) {
			return h.answer(req)
		})
	}
}
func (h *fakeHost) Later(work func() Done) tea.Cmd { return func() tea.Msg { return work() } }

// Exec records the command line; the program "ran" when the Cmd runs, with the error
// h.execErr, and edit (when set) plays the editor on the file named last.
func (h *fakeHost) Exec(c *exec.Cmd, done func(error) Done) tea.Cmd {
	h.execs = append(h.execs, strings.Join(c.Args, " "))
	return func() tea.Msg {
		if h.edit != nil {
			h.edit(c.Args[len(c.Args)-1])
		}
		return done(h.execErr)
	}
}
func (h *fakeHost) SetContextUsage(*protocol.ContextUsage) {}
func (h *fakeHost) AddDir(string)                          {}
func (h *fakeHost) OpenPicker(build func(dialogs.Env) dialogs.Dialog) tea.Cmd {
	h.pickers = append(h.pickers, build(dialogs.Env{Theme: themes.NewRef(themes.New(themes.Mono)), Keys: keymap.Default()}))
	return nil
}
func (h *fakeHost) Reload(_ string, to ReloadTo) tea.Cmd {
	h.reloads = append(h.reloads, to)
	return nil
}
func (h *fakeHost) Rewinds() *RewindLog                         { return &h.rewinds }
func (h *fakeHost) CutTranscript(_ transcript.ID, draft string) { h.cut = append(h.cut, draft) }
func (h *fakeHost) Shell() *Shell                               { return &h.shell }
func (h *fakeHost) AddShell(command string) transcript.ID {
	h.shells = append(h.shells, "running "+command)
	return transcript.ID(len(h.shells))
}
func (h *fakeHost) FinishShell(id transcript.ID, r transcript.ShellResult) {
	h.shells[id-1] = fmt.Sprintf("done %d", r.ExitCode)
}

func (h *fakeHost) EditDraft(text string) { h.draft = text }
func (h *fakeHost) Submit(text string) tea.Cmd {
	h.submitted = append(h.submitted, text)
	return nil
}
func (h *fakeHost) VimMode() bool      { return h.vim }
func (h *fakeHost) SetVimMode(on bool) { h.vim = on }
func (h *fakeHost) SetTheme(choice string) (tea.Cmd, error) {
	switch choice {
	case "auto", "dark", "light":
		h.theme = choice
		h.session.Launch.Theme = choice
		return nil, nil
	}
	return nil, fmt.Errorf("unknown theme %q (want auto, dark or light)", choice)
}

// rootDid records one of the root's own doings.
func (h *fakeHost) rootDid(what string) tea.Cmd {
	h.root = append(h.root, what)
	return nil
}
func (h *fakeHost) OpenHelp()                        { h.rootDid("help") }
func (h *fakeHost) OpenTasks()                       { h.rootDid("tasks") }
func (h *fakeHost) Quit() tea.Cmd                    { return h.rootDid("quit") }
func (h *fakeHost) Clear() tea.Cmd                   { return h.rootDid("clear") }
func (h *fakeHost) ChooseModel(model string) tea.Cmd { return h.rootDid("model " + model) }
func (h *fakeHost) PickModel() tea.Cmd               { return h.rootDid("model picker") }
func (h *fakeHost) ChooseMode(mode string) tea.Cmd   { return h.rootDid("mode " + mode) }
func (h *fakeHost) PickMode() tea.Cmd                { return h.rootDid("mode picker") }
func (h *fakeHost) Resume(query string) tea.Cmd      { return h.rootDid("resume " + query) }
func (h *fakeHost) Login() tea.Cmd                   { return h.rootDid("login") }
func (h *fakeHost) OpenSession(a OpenArgs) tea.Cmd {
	return h.rootDid("open " + a.Dir + " " + a.Worktree + " " + a.Host)
}
func (h *fakeHost) PickSession() tea.Cmd { return h.rootDid("sessions") }
func (h *fakeHost) Fork(f ForkArgs) tea.Cmd {
	return h.rootDid(fmt.Sprintf("fork at=%q draft=%q prompt=%q title=%q front=%v fresh=%v", f.At, f.Draft, f.Prompt, f.Title, f.Front, f.Fresh))
}
func (h *fakeHost) CloseSession(force bool) tea.Cmd {
	if force {
		return h.rootDid("close --force")
	}
	return h.rootDid("close")
}
func (h *fakeHost) OpenInbox() tea.Cmd { return h.rootDid("inbox") }
func (h *fakeHost) ShowDiff() tea.Cmd  { return h.rootDid("diff") }

// run runs cmd and applies its Result, as Update does.
func (h *fakeHost) run(t *testing.T, cmd tea.Cmd) {
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
