package tab

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
)

// A tab's life as the workspace leads it: built (no I/O), opened the first time it
// comes in front, put behind, and closed.

// newTab builds a tab for place; link is its claude (with or without a running
// Backend). It does no I/O.
func New(id int, place Place, link session.Link, env *Env, ws Workspace) *Tab {
	t := &Tab{id: id, place: place, env: env, ws: ws, link: link, used: env.Now(), mode: newPlaybackMode(env.Opts.Replay)}
	t.link.Read = func(ch <-chan process.Event, gen int) tea.Cmd {
		if env.Read != nil { // tests hand the tab its events
			return env.Read(ch, gen)
		}
		return session.ReadCmd(ch, gen)
	}
	t.statusline.After = env.After
	t.conversation = transcript.NewConversation()
	t.transcript = transcript.NewView(t.styles(), env.Keys, t.conversation)
	t.initTasks()
	t.prompt = t.newPrompt()
	t.sess = session.NewState(place.Dir, place.Model, place.Mode)
	if !t.link.Running() {
		t.sess.Phase = session.PhaseRestarting
	}
	return t
}

// Open starts what a tab in front needs the first time: its prompt history and
// editor mode, its claude (or the reader of the one given), and the conversation it
// continues, then its first prompt.
func (t *Tab) Open() tea.Cmd {
	if t.opened {
		return nil
	}
	t.opened = true
	cmds := []tea.Cmd{t.prompt.LoadHistory(),
		t.prompt.LoadEditorMode(input.EditorModeFilesFor(t.env.Opts.Home, t.place.Dir, t.env.Getenv))}
	switch {
	case t.place.Setup != "":
		cmds = append(cmds, t.runSetup())
	case !t.link.Running():
		cmds = append(cmds, t.startCLI(session.StartRequest{Resume: t.place.Resume.ID, ForkSession: t.place.Resume.Fork}))
	default:
		cmds = append(cmds, t.link.Wait())
	}
	// A resumed conversation's history comes first; the initial prompt waits for it.
	cmds = append(cmds, t.launchResume())
	if p := t.place.InitialPrompt; p != "" && !t.resume.Loading {
		cmds = append(cmds, t.submit(p, nil))
	}
	return tea.Batch(cmds...)
}

// Hide puts the tab behind another: it keeps its draft, queue and requests, but a
// picker it had open is closed; it is not laid out until it comes in front again.
func (t *Tab) Hide() {
	if t.dialogs.DropPickers() {
		t.dialogsChanged()
	}
}

// Close ends the tab (the workspace closes it, or quits): nothing its claude says
// matters from now on; its claude and its `!` command stop.
func (t *Tab) Close() tea.Cmd {
	t.closing = true
	t.shell.Stop()
	return t.link.Detach(nil)
}

// SetStyles tells the parts that cache what they draw that the theme changed.
func (t *Tab) SetStyles() {
	t.prompt.SetStyles(t.styles())
	t.transcript.SetStyles(t.styles())
}
