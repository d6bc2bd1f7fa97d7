package dialogs

import (
	"strconv"

	"charm.land/bubbles/v2/key"
)

// SessionRow is one session of the workspace as the session picker lists it.
type SessionRow struct {
	ID       int
	Name     string // the folder or worktree, and the host
	State    string // "working", "waiting for you (2)", …
	Detail   string // cost, context, memory, the last line of output
	Worktree bool   // d shows its diff against the commit it was branched from
	Waiting  bool
}

// SwitchSession asks the workspace to bring a session to the front.
type SwitchSession struct{ ID int }

// DiffSession asks the workspace to show what a session changed in its folder (/diff).
type DiffSession struct{ ID int }

// CloseSession asks the workspace to close a session (/close).
type CloseSession struct{ ID int }

func (SwitchSession) action() {}
func (DiffSession) action()   {}
func (CloseSession) action()  {}

// pickKey is a key a picker acts on beside enter.
type pickKey struct {
	binding key.Binding
	act     func(value string) Action
}

// NewSessionPicker lists the workspace's sessions with their state; enter brings one to
// the front, d shows its changes, x closes it.
func NewSessionPicker(rows []SessionRow, current int, env Env) *Picker {
	id := func(v string) int { n, _ := strconv.Atoi(v); return n }
	p := &Picker{
		env:    env,
		title:  "Sessions",
		follow: true,
		choose: func(v string) Action { return SwitchSession{ID: id(v)} },
		extra: []pickKey{
			{key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "diff")), func(v string) Action { return DiffSession{ID: id(v)} }},
			{key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "close")), func(v string) Action { return CloseSession{ID: id(v)} }},
		},
	}
	for i, r := range rows {
		title := oneLine(r.Name) + " · " + oneLine(r.State)
		p.items = append(p.items, pickItem{title: title, desc: oneLine(r.Detail), value: strconv.Itoa(r.ID),
			current: r.ID == current, danger: r.Waiting})
		if r.ID == current {
			p.cursor = i
		}
	}
	return p
}

// CloseWorktreeSession is what the user chose on closing a worktree session: Remove takes
// the worktree and its branch away too.
type CloseWorktreeSession struct {
	ID     int
	Remove bool
	Force  bool // remove even though work would be lost (/close --force)
}

func (CloseWorktreeSession) action() {}

// NewCloseWorktreePicker asks what closing a worktree session does with its worktree.
// loss says what removing it would lose ("" for nothing); without force, removal is
// not offered then.
func NewCloseWorktreePicker(id int, name, branch, loss string, force bool, env Env) *Picker {
	p := &Picker{env: env, title: "Close " + oneLine(name), follow: true}
	keep := pickItem{title: "Close the session, keep the worktree and branch " + oneLine(branch), value: "keep"}
	remove := pickItem{title: "Close the session, remove the worktree and branch " + oneLine(branch), value: "remove"}
	switch {
	case loss == "":
		p.items = []pickItem{remove, keep}
	case force:
		remove.danger, remove.desc = true, "loses "+oneLine(loss)
		p.items = []pickItem{keep, remove}
	default:
		keep.desc = "removing it would lose " + oneLine(loss) + " · /close --force offers it anyway"
		p.items = []pickItem{keep}
	}
	p.choose = func(v string) Action { return CloseWorktreeSession{ID: id, Remove: v == "remove", Force: force} }
	return p
}
