package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
)

// /usage is gclaude's: sent to the CLI it prints aligned lines that the transcript's
// markdown ran into one paragraph. get_usage gives the figures, laid out here in
// columns: this claude session's cost, time, code changes and tokens by model, then the
// plan's usage limits where they apply (a claude.ai plan), as Claude Code's /usage.
func init() {
	register(Command{Command: input.Command{Name: "usage", Description: "Show this session's cost, time and tokens, and the plan's usage limits", Aliases: []string{"stats"}},
		Place: placeConversation + 7, Live: true, Run: runUsage})
}

func runUsage(s Session, _ string) tea.Cmd {
	now := s.Now()
	return s.Ask("usage", func(ctx context.Context, ask Ask) Done {
		var u protocol.UsageResponse
		if err := askInto(ctx, ask, protocol.GetUsage{SkipBehaviors: true}, &u); err != nil {
			return Done{Kind: noticeError, Text: "/usage failed: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			s.Notice(noticeInfo, formatUsage(u, s.Info(), now))
			return nil
		}}
	})
}

// formatUsage lays get_usage's answer out in rows: a label column, then the figures.
func formatUsage(u protocol.UsageResponse, s Info, now time.Time) string {
	var rows [][2]string
	row := func(k, v string) { rows = append(rows, [2]string{k, v}) }
	su := u.Session
	row("Cost", status.FormatCost(su.TotalCostUSD))
	if s.EarlierRuns {
		row("", "with the earlier runs of claude in this conversation: "+status.FormatCost(s.CostUSD))
	}
	row("API time", render.FormatDuration(time.Duration(su.TotalAPIDurationMS)*time.Millisecond))
	row("Wall time", render.FormatDuration(time.Duration(su.TotalDurationMS)*time.Millisecond))
	row("Code changes", fmt.Sprintf("+%d −%d %s", su.TotalLinesAdded, su.TotalLinesRemoved,
		render.Plural(su.TotalLinesAdded+su.TotalLinesRemoved, "line")))
	models := make([]string, 0, len(su.ModelUsage))
	for m := range su.ModelUsage {
		models = append(models, m)
	}
	slices.Sort(models)
	if len(models) == 0 {
		row("Tokens", "none yet")
	}
	for i, m := range models {
		mu := su.ModelUsage[m]
		label := ""
		if i == 0 {
			label = "Tokens"
		}
		row(label, fmt.Sprintf("%s  %s in · %s out · %s cache read · %s cache write · %s", m,
			render.FormatTokens(mu.InputTokens), render.FormatTokens(mu.OutputTokens),
			render.FormatTokens(mu.CacheReadInputTokens), render.FormatTokens(mu.CacheCreationInputTokens), status.FormatCost(mu.CostUSD)))
	}

	var b strings.Builder
	b.WriteString("Usage of this claude session\n")
	writeRows(&b, rows)
	b.WriteString("\n\n" + planLimits(u, now))
	return b.String()
}

// planLimits is the plan's section: each window's use with a bar and when it resets,
// or why there is none.
func planLimits(u protocol.UsageResponse, now time.Time) string {
	if !u.RateLimitsAvailable || u.RateLimits == nil {
		return "Plan usage limits: none here (they apply to a claude.ai plan, not to an API key or a cloud provider)"
	}
	title := "Plan usage limits"
	if u.SubscriptionType != nil && *u.SubscriptionType != "" {
		title += " (" + *u.SubscriptionType + ")"
	}
	l := u.RateLimits
	var rows [][2]string
	window := func(name string, w *protocol.RateWindow) {
		if w != nil {
			rows = append(rows, [2]string{name, rateLine(w.Utilization, w.ResetsAt, now)})
		}
	}
	window("Current session", l.FiveHour)
	window("Current week", l.SevenDay)
	window("Week, Opus", l.SevenDayOpus)
	window("Week, Sonnet", l.SevenDaySonnet)
	window("Week, OAuth apps", l.SevenDayOAuth)
	for _, m := range l.ModelScoped {
		rows = append(rows, [2]string{"Week, " + m.DisplayName, rateLine(m.Utilization, m.ResetsAt, now)})
	}
	if len(rows) == 0 {
		return title + ": no window reported"
	}
	var b strings.Builder
	b.WriteString(title + "\n")
	writeRows(&b, rows)
	return b.String()
}

// rateLine is "███░░░░░░░ 23% used · resets 15:00" (in local time; with the date when
// it is not today).
func rateLine(used *float64, resets *string, now time.Time) string {
	if used == nil {
		return "unknown"
	}
	p := min(max(*used, 0), 100)
	full := int(p/10 + 0.5)
	text := strings.Repeat("█", full) + strings.Repeat("░", 10-full) + " " + render.FormatPercent(p) + " used"
	if resets != nil {
		if t, err := time.Parse(time.RFC3339, *resets); err == nil {
			t = t.In(now.Location())
			when := t.Format("15:04")
			if y, m, d := t.Date(); y != now.Year() || m != now.Month() || d != now.Day() {
				when = t.Format("Jan 2 15:04")
			}
			text += " · resets " + when
		}
	}
	return text
}

// writeRows writes label/value rows with the values in one column.
func writeRows(b *strings.Builder, rows [][2]string) {
	width := 0
	for _, r := range rows {
		width = max(width, len([]rune(r[0])))
	}
	for i, r := range rows {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("  " + render.Pad(r[0], width) + "  " + r[1])
	}
}
