package transcript

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// benchmarkViewEveryDelta streams an answer in 8-byte deltas and draws the
// transcript after every one, which is what the root would do if it drew a
// frame per message. It measures the tail's cost per frame: 100 KB must
// cost about 5× 20 KB (5× the frames), not 25×.
func benchmarkViewEveryDelta(b *testing.B, size int) {
	answer := longAnswer(size)
	msgs := streamMessages(answer, 8)
	st := themes.New(themes.Dark)
	keys := keymap.Default()
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		m := newTestModel(st, keys)
		m.SetSize(120, 40)
		for _, msg := range msgs {
			m.Apply(msg)
			_ = m.View()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(msgs)), "ns/frame")
}

func BenchmarkViewEveryDelta20KB(b *testing.B)  { benchmarkViewEveryDelta(b, 20_000) }
func BenchmarkViewEveryDelta100KB(b *testing.B) { benchmarkViewEveryDelta(b, 100_000) }

// BenchmarkRetainedPer100KBAnswer is the memory a finished, streamed 100 KB
// answer keeps in the transcript (its text, its rendered lines and the
// streaming renderer's buffers), measured on the heap after a GC.
func BenchmarkRetainedPer100KBAnswer(b *testing.B) {
	answer := longAnswer(100_000)
	msgs := streamMessages(answer, 8)
	st := themes.New(themes.Dark)
	keys := keymap.Default()
	var retained uint64
	for range b.N {
		m := newTestModel(st, keys)
		m.SetSize(120, 40)
		_ = m.View()
		before := heapAlloc()
		for i, msg := range msgs {
			m.Apply(msg)
			if i%145 == 0 { // the live reader's batches are about this long
				_ = m.View()
			}
		}
		_ = m.View()
		retained += heapAlloc() - before
		runtime.KeepAlive(m)
	}
	b.ReportMetric(float64(retained)/float64(b.N), "bytes/answer")
}

func heapAlloc() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkTenTurns streams ten 100 KB answers into one transcript, drawing
// a frame every 145 deltas (the live reader's batch size), and reports the
// CPU time (user+system, from getrusage: wall time means little on a shared
// machine) of the first and the last turn: a turn must not cost more
// because others came before it.
func BenchmarkTenTurns(b *testing.B) {
	answer := longAnswer(100_000)
	st := themes.New(themes.Dark)
	keys := keymap.Default()
	var first, last time.Duration
	for range b.N {
		m := newTestModel(st, keys)
		m.SetSize(120, 40)
		for turn := range 10 {
			start := cpuTime()
			m.AddUserPrompt("another long answer, please")
			for i, msg := range streamMessagesOf(fmt.Sprintf("msg_turn_%d", turn), answer, 8) {
				m.Apply(msg)
				if i%145 == 0 {
					_ = m.View()
				}
			}
			_ = m.View()
			d := cpuTime() - start
			switch turn {
			case 0:
				first += d
			case 9:
				last += d
			}
		}
	}
	b.ReportMetric(first.Seconds()/float64(b.N), "cpu-s/first-turn")
	b.ReportMetric(last.Seconds()/float64(b.N), "cpu-s/tenth-turn")
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// streamMessagesOf is streamMessages for a message id of the caller's.
func streamMessagesOf(id, answer string, n int) []protocol.Message {
	out := []protocol.Message{
		streamEvent(id, protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: id}}),
		streamEvent(id, protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}),
	}
	for i := 0; i < len(answer); i += n {
		out = append(out, textDelta(id, answer[i:min(i+n, len(answer))]))
	}
	return append(out,
		answerLine(id, answer),
		streamEvent(id, protocol.StreamEventBody{Type: protocol.EventContentBlockStop}),
		streamEvent(id, protocol.StreamEventBody{Type: protocol.EventMessageStop}),
	)
}
