package transcript

import (
	"runtime"
	"testing"

	"github.com/gclaude/gclaude/keymap"
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
		m := New(st, keys)
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
		m := New(st, keys)
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
