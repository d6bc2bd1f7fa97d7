package session

import "github.com/gclaude/gclaude/protocol"

// Usage is what the conversation has spent and how full its context is, for the bar,
// /cost and /status.
type Usage struct {
	CostUSD float64
	Tokens  int
	Known   bool // a result reported usage
	// costBase and tokensBase are what earlier processes of this conversation spent:
	// the CLI's totals restart with each process, the conversation's do not.
	costBase   float64
	tokensBase int
	// ContextTokens is what the last call used of ContextWindow.
	ContextTokens int
	ContextWindow int
}

// Restarted notes a new process of the same conversation: the CLI's totals start
// again from zero, what was spent so far stays.
func (u *Usage) Restarted() { u.costBase, u.tokensBase = u.CostUSD, u.Tokens }

// EarlierRuns reports whether earlier processes of the conversation spent anything.
func (u *Usage) EarlierRuns() bool { return u.costBase > 0 }

// Assistant takes the context size from a main-chain reply.
func (u *Usage) Assistant(m protocol.Usage) {
	if ctx := m.InputTokens + m.CacheReadInputTokens + m.CacheCreationInputTokens + m.OutputTokens; ctx > 0 {
		u.ContextTokens = ctx
	}
}

// Result keeps the running totals from a result; model picks the context window.
func (u *Usage) Result(r *protocol.Result, model string) {
	u.CostUSD = u.costBase + r.TotalCostUSD
	u.Known = true
	tokens, window := 0, 0
	for name, mu := range r.ModelUsage {
		tokens += mu.InputTokens + mu.OutputTokens + mu.CacheReadInputTokens + mu.CacheCreationInputTokens
		if name == model || window == 0 {
			window = mu.ContextWindow
		}
	}
	u.Tokens = u.tokensBase + tokens
	if window > 0 {
		u.ContextWindow = window
	}
}

// TakeContext takes the CLI's own count (get_context_usage).
func (u *Usage) TakeContext(c *protocol.ContextUsage) {
	if c.MaxTokens > 0 && c.TotalTokens > 0 {
		u.ContextTokens, u.ContextWindow = c.TotalTokens, c.MaxTokens
	}
}

// ContextPct is the share of the context window the last call used, if known.
func (u *Usage) ContextPct() (float64, bool) {
	if u.ContextWindow <= 0 || u.ContextTokens <= 0 {
		return 0, false
	}
	return 100 * float64(u.ContextTokens) / float64(u.ContextWindow), true
}
