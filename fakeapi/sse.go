package fakeapi

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// sse writes server-sent events, flushing each one. After the first write error (the
// client went away) every further event is dropped; err keeps that error.
type sse struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

func newSSE(w http.ResponseWriter) *sse {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	return &sse{w: w, rc: http.NewResponseController(w)}
}

// event writes one "event: <name>\ndata: <json>\n\n" frame.
func (s *sse) event(name string, data any) {
	if s.err != nil {
		return
	}
	payload, err := json.Marshal(data)
	if err != nil {
		s.err = err
		return
	}
	if _, err := fmt.Fprintf(s.w, "event: %s\ndata: %s\n\n", name, payload); err != nil {
		s.err = err
		return
	}
	s.err = s.rc.Flush()
}
