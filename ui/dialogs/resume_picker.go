package dialogs

import (
	"fmt"
	"time"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/sessionfiles"
)

// ResumeConversation asks the session to open an earlier conversation: show its history
// and restart claude with --resume.
type ResumeConversation struct {
	ID    string
	Path  string // the session file
	Title string
}

func (ResumeConversation) action() {}

// NewResumePicker lists the conversations of this folder, newest first as given:
// title, how long ago it was last active, how many messages, the model. Typing
// filters on any of them. current (the conversation shown now, "" for none) is marked.
// Choosing returns ResumeConversation.
func NewResumePicker(list []sessionfiles.Summary, current string, env Env) *Picker {
	byID := make(map[string]sessionfiles.Summary, len(list))
	p := &Picker{
		env:         env,
		title:       "Resume a conversation",
		filterable:  true,
		placeholder: "type to filter by title, time or model",
		follow:      true,
		choose: func(id string) Action {
			s := byID[id]
			return ResumeConversation{ID: s.ID, Path: s.Path, Title: s.Title}
		},
	}
	now := env.now()
	for _, s := range list {
		byID[s.ID] = s
		desc := fmt.Sprintf("%s · %d %s", RelativeTime(now, s.LastActivity), s.MessageCount, render.Plural(s.MessageCount, "message"))
		if s.Model != "" {
			desc += " · " + s.Model
		}
		p.items = append(p.items, pickItem{
			title:   render.OrDefault(oneLine(s.Title), s.ID),
			desc:    oneLine(desc),
			value:   s.ID,
			current: s.ID == current,
		})
	}
	return p
}

// RelativeTime says how long before now t was, the way people say it: "just now",
// "5m ago", "3h ago", "yesterday", "4d ago", then the date.
func RelativeTime(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case t.IsZero():
		return "unknown time"
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	case d < 48*time.Hour:
		return "yesterday"
	case d < 7*24*time.Hour:
		return fmt.Sprintf("%dd ago", int(d.Hours()/24))
	case t.Year() == now.Year():
		return t.Local().Format("Jan 2")
	}
	return t.Local().Format("Jan 2, 2006")
}
