//go:build unix

package process

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"
)

// BenchmarkReadStdoutTurn is the session's side of a streamed 100 KB answer: 12,538
// text-delta lines written one at a time into a pipe, read, decoded and queued, while a reader
// like the UI's (wait for one event, linger 4 ms, take up to 256) drains them. It
// reports the process's CPU time per turn, which is what the live benchmark weighs.
func BenchmarkReadStdoutTurn(b *testing.B) {
	const deltas = 12_538
	lines := make([][]byte, deltas)
	for i := range lines {
		lines[i] = fmt.Appendf(nil, `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"word %03d"}},"session_id":"998ce916-e033-48cf-a231-655693693eb6","parent_tool_use_id":null,"uuid":"bc233a09-cfbc-489e-8b6f-%012d","api_message_id":"msg_fake001"}`+"\n", i%1000, i)
	}
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		s := &Session{events: newEventQueue(), calls: newCalls(), inbound: newInbound(), maxLine: MaxLineBytes}
		go s.events.pump()
		r, w, err := os.Pipe()
		if err != nil {
			b.Fatal(err)
		}
		go func() {
			for _, l := range lines {
				_, _ = w.Write(l)
			}
			_ = w.Close()
		}()
		got := make(chan int)
		go func() {
			n := 0
			for n < deltas {
				<-s.events.out
				time.Sleep(4 * time.Millisecond)
				n++
			batch:
				for k := 1; k < 256; k++ {
					select {
					case <-s.events.out:
						n++
					default:
						break batch
					}
				}
			}
			got <- n
		}()
		start := processCPU()
		s.readStdout(r)
		_ = r.Close()
		<-got
		cpu += processCPU() - start
		s.events.stop()
	}
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/turn")
}

// processCPU is the CPU time the whole test process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
