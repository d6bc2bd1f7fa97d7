package dialogs

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/render"
)

// RewindTo asks the session to preview going back to before the prompt UUID.
type RewindTo struct{ UUID string }

// RewindRestore asks the session to go back to before the prompt UUID: the files (Code),
// the conversation, or both.
type RewindRestore struct {
	UUID               string
	Code, Conversation bool
}

func (RewindTo) action()      {}
func (RewindRestore) action() {}

// RewindPrompt is an earlier prompt /rewind can go back to.
type RewindPrompt struct {
	UUID, Text string
	Desc       string // e.g. "3 prompts ago"
}

// NewRewindPicker lists earlier prompts, newest first as given; choosing one returns
// RewindTo. Typing filters on the prompt's text.
func NewRewindPicker(prompts []RewindPrompt, env Env) *Picker {
	p := &Picker{
		env:         env,
		title:       "Rewind: go back to before which prompt?",
		filterable:  true,
		placeholder: "type to filter the prompts",
		follow:      true,
		choose:      func(uuid string) Action { return RewindTo{UUID: uuid} },
	}
	for _, pr := range prompts {
		p.items = append(p.items, pickItem{title: oneLine(pr.Text), desc: oneLine(pr.Desc), value: pr.UUID})
	}
	return p
}

// RewindPreview is what restoring the files would change (rewind_files dry_run).
type RewindPreview struct {
	CanRewind             bool
	Error                 string
	Files                 []string
	Insertions, Deletions int
}

// Summary says what restoring the files would do, in one line.
func (r RewindPreview) Summary() string {
	switch {
	case !r.CanRewind:
		return "files cannot be restored: " + render.OrDefault(r.Error, "no checkpoint")
	case len(r.Files) == 0:
		return "no file changed since then"
	}
	names := make([]string, 0, len(r.Files))
	for _, f := range r.Files {
		names = append(names, f[strings.LastIndex(f, "/")+1:])
	}
	return fmt.Sprintf("%d %s (%s) +%d −%d", len(r.Files), render.Plural(len(r.Files), "file"), strings.Join(names, ", "), r.Insertions, r.Deletions)
}

// NewRewindOptions offers what to restore for the prompt uuid, with the preview of the
// files; conversation says whether the conversation can go back too. Choosing returns
// RewindRestore (or Dismiss).
func NewRewindOptions(uuid, prompt string, preview RewindPreview, conversation bool, env Env) *Picker {
	p := &Picker{
		env:    env,
		title:  "Rewind to before: " + render.Truncate(oneLine(prompt), 60),
		follow: true,
	}
	files := preview.Summary()
	conv := "claude forgets this prompt and what followed; the prompt comes back to the editor"
	code := preview.CanRewind && len(preview.Files) > 0
	if code && conversation {
		p.items = append(p.items, pickItem{title: "Restore code and conversation", desc: oneLine(files + " · " + conv), value: "both"})
	}
	if conversation {
		p.items = append(p.items, pickItem{title: "Restore conversation", desc: oneLine(conv + " · files stay as they are"), value: "conversation"})
	} else {
		p.items = append(p.items, pickItem{title: "Restore conversation: not here",
			desc: "this is the first prompt since the conversation was resumed; gclaude does not know where it began", value: "none"})
	}
	if code {
		p.items = append(p.items, pickItem{title: "Restore code", desc: oneLine(files + " · the conversation stays"), value: "code"})
	} else {
		p.items = append(p.items, pickItem{title: "Restore code: nothing to restore", desc: oneLine(files), value: "none"})
	}
	p.items = append(p.items, pickItem{title: "Never mind", value: "cancel"})
	p.choose = func(v string) Action {
		switch v {
		case "both":
			return RewindRestore{UUID: uuid, Code: true, Conversation: true}
		case "conversation":
			return RewindRestore{UUID: uuid, Conversation: true}
		case "code":
			return RewindRestore{UUID: uuid, Code: true}
		}
		return Dismiss{}
	}
	return p
}
