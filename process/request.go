package process

import (
	"context"
	"fmt"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// Request sends a client→CLI control request and waits for its response. A response with
// subtype "error" is returned with a *ControlError. It fails with ErrTimeout after
// Options.RequestTimeout, with ctx's error when ctx ends first, and with ErrExited when
// the CLI exits before answering. A response that comes after the caller gave up is
// dropped.
func (s *CLI) Request(ctx context.Context, r protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	return s.request(ctx, r, s.opts.RequestTimeout)
}

func (s *CLI) request(ctx context.Context, r protocol.ClientRequest, timeout time.Duration) (protocol.ControlResponseBody, error) {
	id, cl, err := s.calls.add(r.Subtype(), nil)
	if err != nil {
		return protocol.ControlResponseBody{}, err
	}
	line, err := protocol.EncodeControlRequest(id, r)
	if err != nil {
		s.calls.take(id)
		return protocol.ControlResponseBody{}, err
	}
	written := s.w.send(line)
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case res := <-cl.reply:
			return res.body, res.err
		case err := <-written:
			if err != nil {
				s.calls.take(id)
				return protocol.ControlResponseBody{}, err
			}
			written = nil
		case <-ctx.Done():
			if s.calls.take(id) == nil {
				return (<-cl.reply).unpack()
			}
			return protocol.ControlResponseBody{}, ctx.Err()
		case <-timer.C:
			if s.calls.take(id) == nil {
				return (<-cl.reply).unpack()
			}
			return protocol.ControlResponseBody{}, fmt.Errorf("%w: no answer to %s within %v", ErrTimeout, r.Subtype(), timeout)
		}
	}
}

func (r callResult) unpack() (protocol.ControlResponseBody, error) { return r.body, r.err }
