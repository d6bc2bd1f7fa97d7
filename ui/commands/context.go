package commands

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
)

func init() {
	register(Command{Command: input.Command{Name: "context", Description: "Show what fills the context window"},
		Place: placeConversation + 3, Live: true, Run: runContext})
}

// runContext asks for the full breakdown of the context window. The full form counts
// tokens with the API (a second or so).
func runContext(s Session, _ string) tea.Cmd {
	return control(s, "context", protocol.GetContextUsage{}, func(body json.RawMessage) Done {
		var u protocol.ContextUsage
		if err := json.Unmarshal(body, &u); err != nil {
			return Done{Kind: noticeError, Text: "/context: claude's answer could not be read: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: render.ContextReport(&u), Then: func(s Session) tea.Cmd {
			s.SetContextUsage(&u)
			return nil
		}}
	})
}
