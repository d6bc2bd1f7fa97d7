package sessionserver

import (
	"fmt"
	"io"
	"log"
	"testing"
)

// BenchmarkStdoutLine is the server's own work for one stream delta line with one
// screen attached: reading the line's kind, recording it (written in batches), and
// queueing it for the screen. Every 50 lines (what a 10 ms read brings while claude
// streams) the batch is delivered and taken as the screen's writer takes it; the
// reads and the socket write around it are not measured.
func BenchmarkStdoutLine(b *testing.B) {
	srv := &Server{cfg: Config{Log: log.New(io.Discard, "", 0)}}
	s := &session{srv: srv, rec: newRecord(b.TempDir(), "bench", defaultBound, nil), pend: newPendingReqs(), meta: map[string]string{}}
	sub := newSubscriber(nil)
	s.subs = []*subscriber{sub}
	lines := make([][]byte, 50)
	for i := range lines {
		lines[i] = fmt.Appendf(nil, `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"word%03d "}},"session_id":"0d6f3c2e-8a4b-4f5e-9c1d-2b7a6e8f9d0c","parent_tool_use_id":null,"uuid":"5b1e2f3a-4c6d-4e8f-a0b1-c2d3e4f5a6b7"}`, i)
	}
	b.SetBytes(int64(len(lines[0])))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		s.stdoutLine(lines[i%len(lines)])
		if i%len(lines) == len(lines)-1 {
			s.delivered()
			sub.mu.Lock() // what the writer does with a batch, less the write
			sub.spare, sub.queue = sub.queue[:0], nil
			sub.mu.Unlock()
		}
	}
	b.StopTimer()
	s.rec.remove()
}
