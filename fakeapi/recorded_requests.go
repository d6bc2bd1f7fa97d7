package fakeapi

import (
	"context"
	"errors"
)

// Queries over the requests the server recorded, for tests to assert on.

// Requests returns every request received so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// ConversationRequests returns the model calls that played a scenario (main
// conversation and subagents), in arrival order.
func (s *Server) ConversationRequests() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Kind == KindConversation {
			out = append(out, r)
		}
	}
	return out
}

// LastMainRequest returns the last model call of the main conversation (not a
// subagent, not a side request).
func (s *Server) LastMainRequest() (Request, bool) {
	reqs := s.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Kind == KindConversation && !reqs[i].Subagent {
			return reqs[i], true
		}
	}
	return Request{}, false
}

// AnyRequestContains reports whether any request so far contains text (see
// Request.Contains).
func (s *Server) AnyRequestContains(text string) bool {
	for _, r := range s.Requests() {
		if r.Contains(text) {
			return true
		}
	}
	return false
}

// ErrClosed is returned by WaitRequest when the server closes first.
var ErrClosed = errors.New("fakeapi: server closed")

// WaitRequest returns the first recorded request for which match returns true, waiting
// for it to arrive until ctx ends or the server closes.
func (s *Server) WaitRequest(ctx context.Context, match func(Request) bool) (Request, error) {
	seen := 0
	for {
		s.mu.Lock()
		if seen > len(s.requests) {
			seen = 0 // Reset was called
		}
		reqs := s.requests[seen:]
		changed := s.changed
		s.mu.Unlock()
		for _, r := range reqs {
			if match(r) {
				return r, nil
			}
		}
		seen += len(reqs)
		select {
		case <-changed:
		case <-ctx.Done():
			return Request{}, ctx.Err()
		case <-s.life.Done():
			return Request{}, ErrClosed
		}
	}
}

// Reset forgets the recorded requests and fault attempts (scenarios stay).
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
	s.attempts = map[string]int{}
}
