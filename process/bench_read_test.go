//go:build unix

package process

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// benchDeltas is the number of text-delta lines of bench-live's 100 KB answer.
const benchDeltas = 12_538

// writeStreamDeltas is the fake CLI's "stream-deltas" mode: the delta lines of a 100 KB
// answer, each written on its own as the CLI does, about 4,000 a second (bench-live's
// pace through the real CLI).
func writeStreamDeltas(out io.Writer) int {
	w := bufio.NewWriter(out)
	for i := range benchDeltas {
		fmt.Fprintf(w, `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"word %03d"}},"session_id":"998ce916-e033-48cf-a231-655693693eb6","parent_tool_use_id":null,"uuid":"bc233a09-cfbc-489e-8b6f-%012d","api_message_id":"msg_fake001"}`+"\n", i%1000, i)
		if w.Flush() != nil {
			return 1
		}
		if i%4 == 3 {
			time.Sleep(time.Millisecond)
		}
	}
	return 0
}

// BenchmarkReadStdoutTurn is the session's side of a streamed 100 KB answer: a child
// process writes 12,538 text-delta lines one at a time, paced like the CLI; the session
// reads, decodes and queues them while a reader like the UI's (wait for one event,
// linger 4 ms, take up to 256) drains them. It reports this process's CPU time per
// turn (the child's is not counted), which is what the live benchmark weighs.
//
// Run it with -cpu 1: gclaude runs with GOMAXPROCS=1 (cmd.TuneRuntime).
func BenchmarkReadStdoutTurn(b *testing.B) { benchmarkReadStdoutTurn(b, stdoutPipe) }

// BenchmarkReadStdoutTurnPolled is the same through os.Pipe, whose read end is in Go's
// network poller: what stdoutPipe replaced.
func BenchmarkReadStdoutTurnPolled(b *testing.B) {
	benchmarkReadStdoutTurn(b, func() (io.ReadCloser, *os.File, error) { return os.Pipe() })
}

func benchmarkReadStdoutTurn(b *testing.B, pipe func() (io.ReadCloser, *os.File, error)) {
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		s := &CLI{events: newEventQueue(), calls: newCalls(), inbound: newInbound(), maxLine: MaxLineBytes}
		go s.events.pump()
		child := exec.Command(os.Args[0], "-test.run=^$")
		child.Env = append(os.Environ(), helperEnv+"=stream-deltas")
		r, w, err := pipe()
		if err != nil {
			b.Fatal(err)
		}
		child.Stdout = w
		got := make(chan int)
		go func() { got <- drainLikeTheUI(s.events.out, benchDeltas) }()
		start := processCPU()
		if err := child.Start(); err != nil {
			b.Fatal(err)
		}
		_ = w.Close()
		s.readStdout(r)
		_ = r.Close()
		<-got
		cpu += processCPU() - start
		_ = child.Wait()
		s.events.stop()
	}
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/turn")
}

// drainLikeTheUI reads n events as ui/session's ReadEvents does.
func drainLikeTheUI(ch <-chan Event, n int) int {
	got := 0
	for got < n {
		<-ch
		time.Sleep(4 * time.Millisecond)
		got++
	batch:
		for k := 1; k < 256; k++ {
			select {
			case <-ch:
				got++
			default:
				break batch
			}
		}
	}
	return got
}

// processCPU is the CPU time this process has used, all goroutines.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
