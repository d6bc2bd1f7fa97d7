package commands

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
)

func init() {
	register(Command{Command: input.Command{Name: "cost", Description: "Show the cost and duration of this session"},
		Place: placeConversation + 4, Live: true, Run: runCost})
}

// runCost shows the CLI's account of this process's cost, and the whole conversation's
// when earlier runs of claude took part in it.
func runCost(s Session, _ string) tea.Cmd {
	return control(s, "cost", protocol.GetSessionCost{}, func(body json.RawMessage) Done {
		var c protocol.SessionCost
		if err := json.Unmarshal(body, &c); err != nil {
			return Done{Kind: noticeError, Text: "/cost: claude's answer could not be read: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			// The total is read on the update loop, as it is when the answer arrives.
			text := "Cost of this claude session\n" + strings.TrimRight(c.Text, "\n")
			if in := s.Info(); in.EarlierRuns {
				text += fmt.Sprintf("\nWith the earlier runs of claude in this conversation: %s in all", status.FormatCost(in.CostUSD))
			}
			s.Notice(noticeInfo, text)
			return nil
		}}
	})
}
