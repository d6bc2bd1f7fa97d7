package keymap

import "charm.land/bubbles/v2/key"

// ShortHelp is the one-line help shown under the input.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Input.Send, k.Input.Newline, k.Input.Cancel, k.Global.CycleMode, k.Input.FocusTranscript, k.Global.Help}
}

// Section is one titled group of bindings on the help screen.
type Section struct {
	Name     string // the group: "global", "input", "transcript", "tasks", "dialog", "question", "picker", "replay", "help", "review", "land"
	Title    string
	Bindings []key.Binding
}

// Sections are the help screen's groups, every binding of the key map in exactly one
// (a test checks that none is left out). Titles name the key that gets there.
func (k KeyMap) Sections() []Section {
	via := func(title string, b key.Binding) string { return title + " (" + b.Help().Key + ")" }
	return []Section{
		{"replay", "Replay (on an empty prompt)", []key.Binding{k.Replay.Pause, k.Replay.Step, k.Replay.Faster, k.Replay.Slower}},
		{"global", "Anywhere", []key.Binding{k.Global.Interrupt, k.Global.Quit, k.Global.Suspend, k.Global.Help, k.Global.CycleMode, k.Global.ModelPick, k.Global.ToggleTask, k.Global.ToggleChecklist, k.Global.Background, k.Global.PageUp, k.Global.PageDown}},
		{"workspace", "Sessions (anywhere)", []key.Binding{k.Workspace.Sessions, k.Workspace.Next, k.Workspace.Prev, k.Workspace.Inbox}},
		{"input", "Prompt", []key.Binding{k.Input.Send, k.Input.Newline, k.Input.HistoryPrev, k.Input.HistoryNext, k.Input.HistorySearch, k.Input.ExternalEditor, k.Input.Cancel, k.Input.FocusTranscript, k.Input.Complete, k.Input.ExpandPaste}},
		{"transcript", via("Transcript", k.Input.FocusTranscript), []key.Binding{k.Transcript.Up, k.Transcript.Down, k.Transcript.Top, k.Transcript.Bottom, k.Transcript.Toggle, k.Transcript.ToggleAll,
			k.Transcript.Search, k.Transcript.NextMatch, k.Transcript.PrevMatch, k.Transcript.Copy, k.Transcript.CopyTurn, k.Transcript.OpenTask, k.Transcript.FocusInput}},
		{"tasks", via("Task pane", k.Global.ToggleTask), []key.Binding{k.Tasks.Up, k.Tasks.Down, k.Tasks.Open, k.Tasks.Stop, k.Tasks.Cycle, k.Tasks.Close}},
		{"dialog", "Permission and plan dialogs", []key.Binding{k.Dialog.Up, k.Dialog.Down, k.Dialog.Choose, k.Dialog.Number, k.Dialog.Deny, k.Dialog.Edit, k.Dialog.OpenEditor,
			k.Dialog.ScrollUp, k.Dialog.ScrollDown, k.Dialog.EditSave, k.Dialog.EditCancel}},
		{"question", "Questions", []key.Binding{k.Question.Up, k.Question.Down, k.Question.Toggle, k.Question.Choose, k.Question.Number, k.Question.NextQ, k.Question.PrevQ, k.Question.Note, k.Question.Skip}},
		{"picker", "Pickers and popups", []key.Binding{k.Picker.Up, k.Picker.Down, k.Picker.Choose, k.Picker.Close}},
		{"review", "Review (/diff)", []key.Binding{k.Review.Up, k.Review.Down, k.Review.NextHunk, k.Review.PrevHunk, k.Review.NextFile, k.Review.PrevFile, k.Review.Top, k.Review.Bottom,
			k.Review.Toggle, k.Review.Search, k.Review.NextMatch, k.Review.PrevMatch, k.Review.Note, k.Review.Send, k.Review.Revert, k.Review.Confirm, k.Review.Reload, k.Review.Close,
			k.Review.EditKeep, k.Review.EditCancel}},
		{"land", "Landing (/land)", []key.Binding{k.Land.Confirm, k.Land.Newline, k.Land.NextField, k.Land.PrevField, k.Land.Rebase, k.Land.Cancel}},
		{"help", "This help screen", []key.Binding{k.HelpScreen.Up, k.HelpScreen.Down, k.HelpScreen.PageUp, k.HelpScreen.PageDown, k.HelpScreen.Top, k.HelpScreen.Bottom}},
	}
}

// FullHelp is every section's bindings, one group per section.
func (k KeyMap) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	for _, s := range k.Sections() {
		out = append(out, s.Bindings)
	}
	return out
}

// Contexts names each group of bindings that can be active at the same time, for the
// collision test and for help screens. Global bindings are part of every context in
// which they are live (all but the modal ones).
func (k KeyMap) Contexts() map[string][]key.Binding {
	global := []key.Binding{k.Global.Interrupt, k.Global.Quit, k.Global.Suspend, k.Global.Help, k.Global.CycleMode, k.Global.ModelPick, k.Global.ToggleTask, k.Global.ToggleChecklist, k.Global.Background, k.Global.PageUp, k.Global.PageDown}
	global = append(global, k.Workspace.Sessions, k.Workspace.Next, k.Workspace.Prev, k.Workspace.Inbox)
	with := func(bs ...key.Binding) []key.Binding { return append(append([]key.Binding{}, global...), bs...) }
	return map[string][]key.Binding{
		// Complete and FocusTranscript share tab on purpose: completion only while its
		// popup is open, focus otherwise. Help ("?") only fires on an empty input.
		"input": with(k.Input.Send, k.Input.Newline, k.Input.HistoryPrev, k.Input.HistoryNext, k.Input.HistorySearch, k.Input.ExternalEditor, k.Input.Cancel, k.Input.FocusTranscript, k.Input.ExpandPaste),
		"transcript": with(k.Transcript.Up, k.Transcript.Down, k.Transcript.Top, k.Transcript.Bottom, k.Transcript.Toggle, k.Transcript.ToggleAll,
			k.Transcript.Search, k.Transcript.NextMatch, k.Transcript.PrevMatch, k.Transcript.Copy, k.Transcript.CopyTurn, k.Transcript.OpenTask, k.Transcript.FocusInput),
		"dialog":   {k.Global.Interrupt, k.Global.Suspend, k.Dialog.Up, k.Dialog.Down, k.Dialog.Choose, k.Dialog.Number, k.Dialog.Deny, k.Dialog.Edit, k.Dialog.OpenEditor, k.Dialog.ScrollUp, k.Dialog.ScrollDown},
		"question": {k.Global.Interrupt, k.Global.Suspend, k.Question.Up, k.Question.Down, k.Question.Toggle, k.Question.Choose, k.Question.Number, k.Question.NextQ, k.Question.PrevQ, k.Question.Note, k.Question.Skip},
		"picker":   {k.Global.Interrupt, k.Global.Suspend, k.Picker.Up, k.Picker.Down, k.Picker.Choose, k.Picker.Close},
		"tasks":    with(k.Tasks.Up, k.Tasks.Down, k.Tasks.Open, k.Tasks.Stop, k.Tasks.Cycle, k.Tasks.Close),
		// In a replay the playback keys join the prompt's keys (they act on an empty
		// prompt only, so typing is not taken over).
		"replay": with(k.Input.Send, k.Input.Newline, k.Input.HistoryPrev, k.Input.HistoryNext, k.Input.HistorySearch, k.Input.ExternalEditor, k.Input.Cancel, k.Input.FocusTranscript, k.Input.ExpandPaste,
			k.Replay.Pause, k.Replay.Step, k.Replay.Faster, k.Replay.Slower),
		// Over a recorded permission or plan dialog the playback keys come first. (In a
		// recorded question dialog space pauses rather than ticks: nothing is answered.)
		// The help screen scrolls with these; every other key closes it.
		"help": {k.HelpScreen.Up, k.HelpScreen.Down, k.HelpScreen.PageUp, k.HelpScreen.PageDown, k.HelpScreen.Top, k.HelpScreen.Bottom},
		// The review screen takes the global keys (pgup/pgdn scroll it); its note editor
		// and search field take every other key while open.
		"review": with(k.Review.Up, k.Review.Down, k.Review.NextHunk, k.Review.PrevHunk, k.Review.NextFile, k.Review.PrevFile, k.Review.Top, k.Review.Bottom,
			k.Review.Toggle, k.Review.Search, k.Review.NextMatch, k.Review.PrevMatch, k.Review.Note, k.Review.Send, k.Review.Revert, k.Review.Confirm, k.Review.Reload, k.Review.Close),
		"review-edit": {k.Global.Interrupt, k.Global.Suspend, k.Review.NextMatch, k.Review.PrevMatch, k.Review.EditKeep, k.Review.EditCancel},
		// The landing panel edits text: only the keys that cannot be typed.
		"land": {k.Global.Interrupt, k.Global.Suspend, k.Land.Confirm, k.Land.Newline, k.Land.NextField, k.Land.PrevField, k.Land.Rebase, k.Land.Cancel},
		"replay-dialog": {k.Global.Interrupt, k.Dialog.Up, k.Dialog.Down, k.Dialog.Choose, k.Dialog.Number, k.Dialog.Deny, k.Dialog.Edit, k.Dialog.OpenEditor, k.Dialog.ScrollUp, k.Dialog.ScrollDown,
			k.Replay.Pause, k.Replay.Step, k.Replay.Faster, k.Replay.Slower},
	}
}
