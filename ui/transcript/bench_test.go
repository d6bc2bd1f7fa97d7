package transcript

import (
	"fmt"
	"testing"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// deltasPerFrame is how many 5-byte deltas the root coalesces into one
// frame in the streaming benchmarks (a frame is Apply × n, then View).
const deltasPerFrame = 32

func benchmarkStream(b *testing.B, size int) {
	answer := longAnswer(size)
	msgs := streamMessages(answer, 5)
	st := themes.New(themes.Dark)
	keys := keymap.Default()
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		m := newTestModel(st, keys)
		m.SetSize(120, 40)
		for i, msg := range msgs {
			m.Apply(msg)
			if i%deltasPerFrame == 0 {
				_ = m.View()
			}
		}
		_ = m.View()
	}
}

// BenchmarkStream20KB and BenchmarkStream100KB stream an answer in 5-byte
// deltas with a View per frame, then its final line. Per-frame cost must
// not grow with the answer: 100 KB should cost at most 5× 20 KB.
func BenchmarkStream20KB(b *testing.B)  { benchmarkStream(b, 20_000) }
func BenchmarkStream100KB(b *testing.B) { benchmarkStream(b, 100_000) }

// BenchmarkReduceHidden100KB streams the 100 KB answer into a conversation no
// View shows, as the workspace reduces a session in the background: the cost of
// reduction alone, nothing rendered.
func BenchmarkReduceHidden100KB(b *testing.B) {
	answer := longAnswer(100_000)
	msgs := streamMessages(answer, 5)
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for range b.N {
		c := NewConversation()
		for _, msg := range msgs {
			c.Apply(msg)
		}
	}
}

// conversation builds a transcript of about n items: prompts, answers,
// tool calls with output, and turn footers.
func conversation(tb testing.TB, n int) *testModel {
	m := newTestModel(themes.New(themes.Dark), keymap.Default())
	m.SetSize(120, 40)
	for turn := 0; len(m.items) < n; turn++ {
		m.AddUserPrompt(fmt.Sprintf("Question %d: what does step %d do?", turn, turn))
		id := fmt.Sprintf("toolu_%d", turn)
		msg := fmt.Sprintf("msg_%d", turn)
		m.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: msg, Content: []protocol.ContentBlock{{
			Type: protocol.BlockToolUse, ID: id, Name: "Bash",
			Input: []byte(fmt.Sprintf(`{"command":"go test ./step%d/...","description":"Run the tests"}`, turn)),
		}}}})
		m.Apply(&protocol.User{
			Message:       protocol.UserBody{Role: "user", Content: []byte(fmt.Sprintf(`[{"type":"tool_result","tool_use_id":%q,"content":"ok  \tstep%d\t0.01s"}]`, id, turn))},
			ToolUseResult: []byte(fmt.Sprintf(`{"stdout":"ok  \tstep%d\t0.01s\n","stderr":""}`, turn)),
		})
		m.Apply(answerLine(msg, fmt.Sprintf("Step %d **scales** its input by `%d`; the tests pass.\n\n- it is pure\n- it is fast", turn, turn+2)))
		m.Apply(&protocol.Result{Subtype: "success", DurationMS: 1200, TotalCostUSD: float64(turn) * 0.001, Usage: protocol.Usage{InputTokens: 100, OutputTokens: 20}})
	}
	if testing.Verbose() {
		tb.Logf("%d items", len(m.items))
	}
	return m
}

func benchmarkView(b *testing.B, n int) {
	m := conversation(b, n)
	_ = m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		_ = m.View()
	}
}

// BenchmarkView100 and BenchmarkView10000 draw a settled transcript
// following the tail: the cost must not depend on its length.
func BenchmarkView100(b *testing.B)   { benchmarkView(b, 100) }
func BenchmarkView10000(b *testing.B) { benchmarkView(b, 10_000) }

func benchmarkViewScrolled(b *testing.B, n int) {
	m := conversation(b, n)
	_ = m.View()
	m.ScrollLines(-200) // the same distance from the tail for both sizes
	_ = m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		_ = m.View()
	}
}

// BenchmarkViewScrolled100/10000: the same, scrolled up 200 lines.
func BenchmarkViewScrolled100(b *testing.B)   { benchmarkViewScrolled(b, 100) }
func BenchmarkViewScrolled10000(b *testing.B) { benchmarkViewScrolled(b, 10_000) }

// BenchmarkResize1000 is the first frame after a resize of a 1,000-item
// transcript: only the items on screen re-render.
func BenchmarkResize1000(b *testing.B) {
	m := conversation(b, 1000)
	_ = m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.SetSize(100+i%2*20, 40)
		_ = m.View()
	}
}
