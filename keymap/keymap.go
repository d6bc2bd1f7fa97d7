// Package keymap holds every key binding of gclaude in one place, grouped by the context
// in which it is active. Help screens are built from it, so what the help says is what
// the keys do.
package keymap

import "charm.land/bubbles/v2/key"

// KeyMap is every binding, by context. A binding in Global is active everywhere except
// where a modal dialog takes all keys.
type KeyMap struct {
	Global     Global
	Workspace  Workspace
	Input      Input
	Transcript Transcript
	Dialog     Dialog
	Question   Question
	Picker     Picker
	Tasks      Tasks
	Replay     Replay
	HelpScreen HelpScreen
	Review     Review
	Land       Land
}

// Global bindings work whichever pane has focus.
type Global struct {
	Interrupt  key.Binding // ctrl+c: interrupt a turn, else clear input, twice quits
	Quit       key.Binding // ctrl+d on an empty input
	Suspend    key.Binding // ctrl+z: back to the shell (claude keeps running); fg returns
	Help       key.Binding
	CycleMode  key.Binding
	ModelPick  key.Binding
	ToggleTask key.Binding
	// ToggleChecklist hides or shows the pinned task checklist (Claude Code's ctrl+t).
	ToggleChecklist key.Binding
	// Background moves the running commands and subagents to the background (ctrl+b,
	// while a turn runs; otherwise the editor's).
	Background key.Binding
	PageUp     key.Binding
	PageDown   key.Binding
}

// Workspace bindings move between the sessions of a workspace. They work everywhere,
// over a dialog too (a session waiting for you must not trap you in it); none is a key
// Claude Code binds.
type Workspace struct {
	Sessions key.Binding // the session picker (/sessions)
	Next     key.Binding
	Prev     key.Binding
	Inbox    key.Binding // the oldest decision any session waits on (/inbox)
}

// Input bindings apply while the prompt editor has focus.
type Input struct {
	Send            key.Binding
	Newline         key.Binding
	HistoryPrev     key.Binding
	HistoryNext     key.Binding
	HistorySearch   key.Binding
	ExternalEditor  key.Binding
	Cancel          key.Binding // esc: interrupt a running turn / close completion
	FocusTranscript key.Binding
	Complete        key.Binding
	ExpandPaste     key.Binding // a [Pasted text #N] chip back into the draft as text
}

// Transcript bindings apply while the transcript has focus.
type Transcript struct {
	Up         key.Binding
	Down       key.Binding
	Top        key.Binding
	Bottom     key.Binding
	Toggle     key.Binding
	ToggleAll  key.Binding
	Search     key.Binding
	NextMatch  key.Binding
	PrevMatch  key.Binding
	Copy       key.Binding
	CopyTurn   key.Binding
	OpenTask   key.Binding
	FocusInput key.Binding
}

// Dialog bindings apply in permission and plan-review dialogs.
type Dialog struct {
	Up         key.Binding
	Down       key.Binding
	Choose     key.Binding
	Number     key.Binding
	Deny       key.Binding
	Edit       key.Binding
	OpenEditor key.Binding
	ScrollUp   key.Binding
	ScrollDown key.Binding
	// While the inline editor of a tool's input is open (it takes every other key).
	EditSave   key.Binding
	EditCancel key.Binding
}

// Question bindings apply in the AskUserQuestion dialog.
type Question struct {
	Up     key.Binding
	Down   key.Binding
	Toggle key.Binding
	Choose key.Binding
	Number key.Binding
	NextQ  key.Binding
	PrevQ  key.Binding
	Note   key.Binding
	Skip   key.Binding
}

// Picker bindings apply in list pickers (model, mode, sessions, completions).
type Picker struct {
	Up     key.Binding
	Down   key.Binding
	Choose key.Binding
	Close  key.Binding
}

// Tasks bindings apply while the task pane has focus.
type Tasks struct {
	Up    key.Binding
	Down  key.Binding
	Open  key.Binding
	Stop  key.Binding
	Cycle key.Binding
	Close key.Binding
}

// Replay bindings control playback in `gclaude replay`, while the prompt is empty or a
// recorded dialog is on screen (over a dialog they come first).
type Replay struct {
	Pause  key.Binding // pause or resume
	Step   key.Binding // pause and play the next event
	Faster key.Binding
	Slower key.Binding
}

// HelpScreen bindings scroll the help screen; any other key closes it.
type HelpScreen struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
}

// Review bindings apply on the review screen (/diff): a session's changes hunk by hunk.
type Review struct {
	Up       key.Binding
	Down     key.Binding
	NextHunk key.Binding
	PrevHunk key.Binding
	NextFile key.Binding
	PrevFile key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Toggle   key.Binding // collapse or expand the file
	Search   key.Binding
	// NextMatch and PrevMatch step through the search's matches (n and N move by hunk).
	NextMatch key.Binding
	PrevMatch key.Binding
	Note      key.Binding // a note on the selected hunk
	Send      key.Binding // every waiting note to the session, as one prompt
	Revert    key.Binding // the selected hunk, or the file on its header
	Confirm   key.Binding // yes to the revert asked about
	Reload    key.Binding
	Close     key.Binding
	// While the note editor or the search field is open (they take every other key).
	EditKeep   key.Binding
	EditCancel key.Binding
}

// Land bindings apply in the landing panel (/land): the plan, the editable message.
type Land struct {
	Confirm   key.Binding // land (or open the PR); once landed, /close the worktree
	Newline   key.Binding
	NextField key.Binding
	PrevField key.Binding
	Rebase    key.Binding // after a conflict: ask the session to rebase
	Cancel    key.Binding
}

func b(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

// Default is gclaude's key map.
func Default() KeyMap {
	return KeyMap{
		Global: Global{
			Interrupt:       b([]string{"ctrl+c"}, "ctrl+c", "interrupt · clear · quit (twice)"),
			Quit:            b([]string{"ctrl+d"}, "ctrl+d", "quit (empty input)"),
			Suspend:         b([]string{"ctrl+z"}, "ctrl+z", "suspend (fg returns)"),
			Help:            b([]string{"?", "f1"}, "?", "help"),
			CycleMode:       b([]string{"shift+tab"}, "shift+tab", "cycle permission mode"),
			ModelPick:       b([]string{"alt+p", "ctrl+\\"}, "alt+p", "switch model"),
			ToggleTask:      b([]string{"alt+t"}, "alt+t", "tasks pane (/tasks)"),
			ToggleChecklist: b([]string{"ctrl+t"}, "ctrl+t", "show/hide task checklist"),
			Background:      b([]string{"ctrl+b"}, "ctrl+b", "run a command in the background"),
			PageUp:          b([]string{"pgup"}, "pgup", "scroll up"),
			PageDown:        b([]string{"pgdown"}, "pgdn", "scroll down"),
		},
		Workspace: Workspace{
			Sessions: b([]string{"alt+s"}, "alt+s", "sessions"),
			Next:     b([]string{"alt+."}, "alt+.", "next session"),
			Prev:     b([]string{"alt+,"}, "alt+,", "previous session"),
			Inbox:    b([]string{"alt+i"}, "alt+i", "inbox: decisions waiting"),
		},
		Input: Input{
			Send:            b([]string{"enter"}, "enter", "send"),
			Newline:         b([]string{"shift+enter", "alt+enter", "ctrl+j"}, "shift+enter", "newline"),
			HistoryPrev:     b([]string{"up"}, "↑", "previous prompt · take back queued"),
			HistoryNext:     b([]string{"down"}, "↓", "next prompt"),
			HistorySearch:   b([]string{"ctrl+r"}, "ctrl+r", "search history"),
			ExternalEditor:  b([]string{"ctrl+g"}, "ctrl+g", "edit in $EDITOR"),
			Cancel:          b([]string{"esc"}, "esc", "interrupt turn"),
			FocusTranscript: b([]string{"tab"}, "tab", "focus transcript"),
			Complete:        b([]string{"tab"}, "tab", "complete (in a / or @ popup)"),
			ExpandPaste:     b([]string{"ctrl+o"}, "ctrl+o", "expand pasted text"),
		},
		Transcript: Transcript{
			Up:         b([]string{"up", "k"}, "↑/k", "previous item"),
			Down:       b([]string{"down", "j"}, "↓/j", "next item"),
			Top:        b([]string{"home", "g"}, "g", "first item"),
			Bottom:     b([]string{"end", "G"}, "G", "last item"),
			Toggle:     b([]string{"enter", "space"}, "enter", "expand/collapse"),
			ToggleAll:  b([]string{"x"}, "x", "expand/collapse all"),
			Search:     b([]string{"/"}, "/", "search"),
			NextMatch:  b([]string{"n"}, "n", "next match"),
			PrevMatch:  b([]string{"N"}, "N", "previous match"),
			Copy:       b([]string{"y", "c"}, "y", "copy item"),
			CopyTurn:   b([]string{"Y"}, "Y", "copy the whole turn"),
			OpenTask:   b([]string{"o"}, "o", "open task"),
			FocusInput: b([]string{"esc", "tab", "i"}, "esc", "back to input"),
		},
		Dialog: Dialog{
			Up:         b([]string{"up", "k", "shift+tab"}, "↑", "previous choice"),
			Down:       b([]string{"down", "j", "tab"}, "↓", "next choice"),
			Choose:     b([]string{"enter"}, "enter", "confirm"),
			Number:     b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "answer at once (once armed)"),
			Deny:       b([]string{"esc"}, "esc", "reject and stop the turn"),
			Edit:       b([]string{"e"}, "e", "edit input"),
			OpenEditor: b([]string{"ctrl+g"}, "ctrl+g", "edit in $EDITOR"),
			ScrollUp:   b([]string{"pgup", "ctrl+u"}, "pgup", "scroll preview"),
			ScrollDown: b([]string{"pgdown", "ctrl+d"}, "pgdn", "scroll preview"),
			EditSave:   b([]string{"ctrl+s"}, "ctrl+s", "keep edit"),
			EditCancel: b([]string{"esc"}, "esc", "discard edit"),
		},
		Question: Question{
			Up:     b([]string{"up", "k"}, "↑", "previous option"),
			Down:   b([]string{"down", "j"}, "↓", "next option"),
			Toggle: b([]string{"space"}, "space", "toggle (multi-select)"),
			Choose: b([]string{"enter"}, "enter", "choose · next"),
			Number: b([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "pick option"),
			NextQ:  b([]string{"tab"}, "tab", "next question"),
			PrevQ:  b([]string{"shift+tab"}, "shift+tab", "previous question"),
			Note:   b([]string{"ctrl+n"}, "ctrl+n", "add a note"),
			Skip:   b([]string{"esc"}, "esc", "skip questions"),
		},
		Picker: Picker{
			Up:     b([]string{"up", "ctrl+p"}, "↑", "up"),
			Down:   b([]string{"down", "ctrl+n"}, "↓", "down"),
			Choose: b([]string{"enter"}, "enter", "choose"),
			Close:  b([]string{"esc"}, "esc", "close"),
		},
		Tasks: Tasks{
			Up:    b([]string{"up", "k"}, "↑/k", "previous task"),
			Down:  b([]string{"down", "j"}, "↓/j", "next task"),
			Open:  b([]string{"enter"}, "enter", "open task"),
			Stop:  b([]string{"s"}, "s", "stop task"),
			Cycle: b([]string{"]"}, "]", "next open task"),
			Close: b([]string{"esc"}, "esc", "close"),
		},
		Replay: Replay{
			Pause:  b([]string{"space"}, "space", "pause/resume"),
			Step:   b([]string{".", "n"}, "./n", "step"),
			Faster: b([]string{"+", "="}, "+", "faster"),
			Slower: b([]string{"-", "_"}, "-", "slower"),
		},
		HelpScreen: HelpScreen{
			Up:       b([]string{"up", "k"}, "↑/k", "scroll up"),
			Down:     b([]string{"down", "j"}, "↓/j", "scroll down"),
			PageUp:   b([]string{"pgup", "b"}, "pgup", "page up"),
			PageDown: b([]string{"pgdown", "space", "f"}, "pgdn/space", "page down"),
			Top:      b([]string{"home", "g"}, "g", "top"),
			Bottom:   b([]string{"end", "G"}, "G", "bottom"),
		},
		Review: Review{
			Up:         b([]string{"up", "k"}, "↑/k", "previous line"),
			Down:       b([]string{"down", "j"}, "↓/j", "next line"),
			NextHunk:   b([]string{"n"}, "n", "next hunk"),
			PrevHunk:   b([]string{"N"}, "N", "previous hunk"),
			NextFile:   b([]string{"]"}, "]", "next file"),
			PrevFile:   b([]string{"["}, "[", "previous file"),
			Top:        b([]string{"home", "g"}, "g", "first file"),
			Bottom:     b([]string{"end", "G"}, "G", "last line"),
			Toggle:     b([]string{"enter", "space"}, "enter", "collapse/expand file"),
			Search:     b([]string{"/"}, "/", "search"),
			NextMatch:  b([]string{"ctrl+n"}, "ctrl+n", "next match"),
			PrevMatch:  b([]string{"ctrl+p"}, "ctrl+p", "previous match"),
			Note:       b([]string{"c"}, "c", "note on the hunk"),
			Send:       b([]string{"s"}, "s", "send the notes to the session"),
			Revert:     b([]string{"x"}, "x", "revert hunk (file on its header)"),
			Confirm:    b([]string{"y"}, "y", "confirm the revert"),
			Reload:     b([]string{"r"}, "r", "reload the changes"),
			Close:      b([]string{"esc", "q"}, "esc", "close"),
			EditKeep:   b([]string{"enter"}, "enter", "keep the note · the search"),
			EditCancel: b([]string{"esc"}, "esc", "drop the note · the search"),
		},
		Land: Land{
			Confirm:   b([]string{"enter"}, "enter", "land it · then /close the worktree"),
			Newline:   b([]string{"shift+enter", "alt+enter", "ctrl+j"}, "shift+enter", "new line in the message"),
			NextField: b([]string{"tab"}, "tab", "next field"),
			PrevField: b([]string{"shift+tab"}, "shift+tab", "previous field"),
			Rebase:    b([]string{"ctrl+r"}, "ctrl+r", "ask the session to rebase (after a conflict)"),
			Cancel:    b([]string{"esc"}, "esc", "cancel"),
		},
	}
}
