package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// /cost adds the whole conversation's cost only when earlier runs of claude took part.
func TestCostNamesEarlierRuns(t *testing.T) {
	answer := func(protocol.ClientRequest) (json.RawMessage, error) {
		return json.RawMessage(`{"text":"Total: $0.10\n"}`), nil
	}
	for _, earlier := range []bool{false, true} {
		h := &fakeSession{info: Info{CostUSD: 0.5, EarlierRuns: earlier}, answer: answer}
		h.run(t, runCost(h, ""))
		if len(h.notices) != 1 {
			t.Fatalf("notices = %q", h.notices)
		}
		if got := strings.Contains(h.notices[0], "earlier runs of claude"); got != earlier {
			t.Errorf("earlier runs %v: notice %q", earlier, h.notices[0])
		}
	}
}
