package transcript

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// turnState is what the reducer remembers about the running turn.
type turnState struct {
	apiError    bool        // an API error notice is shown (show it once)
	interrupted bool        // the "Interrupted" notice is shown
	retry       *noticeItem // the live API-retry notice
	tools       []*toolItem // calls made in this turn
}

// interrupted handles the CLI's "[Request interrupted by user…]" marker:
// the partial output stays, calls without a result are marked interrupted,
// and one "Interrupted" notice follows.
func (c *Conversation) interrupted() {
	c.settleTurn(true)
	if !c.turn.interrupted {
		c.turn.interrupted = true
		c.add(&noticeItem{interrupted: true})
	}
}

// settleTurn ends everything still streaming in this turn.
func (c *Conversation) settleTurn(interrupted bool) {
	for k, it := range c.stream.blocks {
		delete(c.stream.blocks, k)
		c.settle(it, interrupted)
	}
	clear(c.stream.unclaimed)
	clear(c.stream.abandoned) // what an interrupt or the turn's end left stays
	if interrupted {
		now := c.clock()
		for _, t := range c.turn.tools {
			if t.finished() {
				continue
			}
			t.interrupt(now)
			delete(c.live, t)
			// An interrupted Agent call stops its subagent too.
			if sub, ok := c.shared.subs[t.call.ID]; ok {
				sub.settleTurn(true)
			}
		}
	}
}

// SessionEnded settles everything still streaming or running, in the main
// transcript and the subagents': the CLI is gone (it exited or was
// killed) and no result will come. Call it when the process exits; the
// exit itself is shown with AddNotice.
func (c *Conversation) SessionEnded() {
	main := c.shared.main
	main.endRetry()
	main.settleTurn(true)
	main.turn = turnState{}
	for _, s := range main.shared.subs {
		s.settleTurn(true)
		s.turn = turnState{}
	}
	now := main.clock()
	for _, ref := range main.shared.tools {
		ref.tool.interrupt(now)
	}
	clear(main.live)
	for _, s := range main.shared.subs {
		clear(s.live)
	}
}

// applyResult ends the turn: errors that were not shown yet, then the
// footer with the turn's duration, cost and tokens.
func (c *Conversation) applyResult(r *protocol.Result) {
	c.endRetry()
	aborted := r.Interrupted()
	c.settleTurn(aborted || r.IsError)
	switch {
	case aborted:
		if !c.turn.interrupted {
			c.add(&noticeItem{interrupted: true})
		}
	case r.IsError && (r.TerminalReason == protocol.TerminalAPIError || r.APIErrorStatus != nil || r.APIError != ""):
		status := 0
		if r.APIErrorStatus != nil {
			status = *r.APIErrorStatus
		}
		c.apiError(r.ErrorText(), status)
	case r.Subtype == protocol.ResultErrorMaxTurns:
		c.AddNotice(NoticeWarn, fmt.Sprintf("Stopped after %d turns (the maximum)", r.NumTurns))
	case r.IsError:
		c.AddNotice(NoticeError, r.ErrorText())
	}
	if f := c.footer(r); f != nil {
		c.add(f)
	}
	for _, t := range c.turn.tools {
		if t.finished() {
			delete(c.live, t)
		}
	}
	c.turn = turnState{}
}

// footer builds the turn footer; nil when the result has no figures (a
// startup error).
func (c *Conversation) footer(r *protocol.Result) *footerItem {
	s := render.TurnStats{
		Duration: time.Duration(r.DurationMS) * time.Millisecond,
		IsError:  r.IsError && !r.Interrupted(),
	}
	// total_cost_usd is a running total for the process; the turn's share
	// is in model_usage_since_last_result, or else the difference.
	if len(r.ModelUsageSinceLastResult) > 0 {
		for _, u := range r.ModelUsageSinceLastResult {
			s.CostUSD += u.CostUSD
			s.InputTokens += u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens
			s.OutputTokens += u.OutputTokens
		}
	} else {
		s.CostUSD = r.TotalCostUSD - c.shared.lastCost
		if s.CostUSD < 0 {
			s.CostUSD = r.TotalCostUSD // a new process started counting again
		}
		s.InputTokens = r.Usage.InputTokens + r.Usage.CacheReadInputTokens + r.Usage.CacheCreationInputTokens
		s.OutputTokens = r.Usage.OutputTokens
	}
	c.shared.lastCost = r.TotalCostUSD
	if s.Duration == 0 && s.CostUSD == 0 && s.InputTokens == 0 && s.OutputTokens == 0 {
		return nil
	}
	return &footerItem{stats: s}
}

// apiError shows an API error once per turn: the CLI reports it twice, as
// a synthetic assistant message and on the result.
func (c *Conversation) apiError(text string, status int) {
	if c.turn.apiError {
		return
	}
	c.turn.apiError = true
	c.endRetry()
	text = strings.TrimSpace(text)
	if text == "" {
		text = "API error"
	}
	if status != 0 && !strings.Contains(text, strconv.Itoa(status)) {
		text += fmt.Sprintf(" (HTTP %d)", status)
	}
	c.AddNotice(NoticeError, text)
}

// applyRetry shows an API retry as a live countdown. Retries in a row
// update one notice rather than stacking up.
func (c *Conversation) applyRetry(r *protocol.APIRetry) {
	c.discardUnclaimed()
	n := c.turn.retry
	if end := c.flowEnd(); n == nil || n.retry.done || end == 0 || c.items[end-1] != item(n) {
		n = &noticeItem{level: render.NoticeWarning, retry: &retryInfo{}}
		c.add(n)
		c.turn.retry = n
	}
	delay := time.Duration(r.RetryDelayMS) * time.Millisecond
	status := 0
	if r.ErrorStatus != nil {
		status = *r.ErrorStatus
	}
	*n.retry = retryInfo{
		attempt: r.Attempt, maxRetries: r.MaxRetries, status: status, err: r.Error,
		deadline: c.clock().Add(delay), remaining: delay,
	}
	n.touch()
	c.markLive(n)
}

// endRetry stops the retry countdown: an answer arrived or the turn ended.
func (c *Conversation) endRetry() {
	n := c.turn.retry
	if n == nil {
		return
	}
	n.retry.done = true
	n.touch()
	delete(c.live, n)
	c.turn.retry = nil
}
