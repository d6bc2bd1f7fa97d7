package commands

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

func TestUsageLaidOut(t *testing.T) {
	var asked []string
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		b, _ := json.Marshal(req)
		asked = append(asked, string(b))
		return json.RawMessage(`{"session":{"total_cost_usd":0.000168,"total_api_duration_ms":46,"total_duration_ms":65000,"total_lines_added":3,"total_lines_removed":1,` +
			`"model_usage":{"claude-opus-5-5":{"inputTokens":12,"outputTokens":6,"cacheReadInputTokens":0,"cacheCreationInputTokens":0,"costUSD":0.000168}}},` +
			`"subscription_type":null,"rate_limits_available":false,"rate_limits":null,"behaviors":null}`), nil
	}}
	h.run(t, runUsage(h, ""))
	if len(asked) != 1 || asked[0] != `{"skip_behaviors":true}` {
		t.Errorf("asked %q", asked)
	}
	want := "Usage of this claude session\n" +
		"  Cost          $0.0002\n" +
		"  API time      0.0s\n" +
		"  Wall time     1m 05s\n" +
		"  Code changes  +3 −1 lines\n" +
		"  Tokens        claude-opus-5-5  12 in · 6 out · 0 cache read · 0 cache write · $0.0002\n" +
		"\n" +
		"Plan usage limits: none here (they apply to a claude.ai plan, not to an API key or a cloud provider)"
	if len(h.notices) != 1 || h.notices[0] != "info: "+want {
		t.Errorf("notices:\n%s\nwant:\n%s", strings.Join(h.notices, "\n"), want)
	}
}

func TestUsagePlanLimits(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	pct := func(f float64) *float64 { return &f }
	str := func(s string) *string { return &s }
	u := protocol.UsageResponse{SubscriptionType: str("max"), RateLimitsAvailable: true, RateLimits: &protocol.RateLimits{
		FiveHour:    &protocol.RateWindow{Utilization: pct(23), ResetsAt: str("2026-11-27T15:00:00Z")},
		SevenDay:    &protocol.RateWindow{Utilization: pct(71), ResetsAt: str("2026-12-01T08:30:00Z")},
		ModelScoped: []protocol.ModelRateWindow{{DisplayName: "Fable"}},
	}}
	got := planLimits(u, now)
	want := "Plan usage limits (max)\n" +
		"  Current session  ██░░░░░░░░ 23% used · resets 15:00\n" +
		"  Current week     ███████░░░ 71% used · resets Dec 1 08:30\n" +
		"  Week, Fable      unknown"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
