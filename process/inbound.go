package process

import "sync"

// inbound tracks CLI→client requests the UI must answer, so the Respond methods can refuse ids that
// were never asked, were already answered, or were cancelled by the CLI.
type inbound struct {
	mu   sync.Mutex
	reqs map[string]*inboundReq
}

type inboundKind int

const (
	kindPermission inboundKind = iota
	kindElicitation
	anyKind // only as the wanted kind: RespondError answers either
)

func (k inboundKind) String() string {
	if k == kindElicitation {
		return "elicitation"
	}
	return "permission request"
}

type inboundReq struct {
	kind      inboundKind
	cancelled bool
}

func newInbound() *inbound { return &inbound{reqs: map[string]*inboundReq{}} }

func (in *inbound) add(id string, kind inboundKind) {
	in.mu.Lock()
	in.reqs[id] = &inboundReq{kind: kind}
	in.mu.Unlock()
}

func (in *inbound) cancel(id string) {
	in.mu.Lock()
	if r := in.reqs[id]; r != nil {
		r.cancelled = true
	}
	in.mu.Unlock()
}

// claim hands the request to one answer. check validates the answer for the request's
// kind before anything is removed; a failed check leaves the request pending.
func (in *inbound) claim(id string, check func(inboundKind) error) error {
	in.mu.Lock()
	defer in.mu.Unlock()
	r := in.reqs[id]
	switch {
	case r == nil:
		return ErrUnknownRequest
	case r.cancelled:
		return ErrCancelled
	}
	if err := check(r.kind); err != nil {
		return err
	}
	delete(in.reqs, id)
	return nil
}

// settle forgets a request answered elsewhere (another screen, or before an attach):
// answering it here is then ErrUnknownRequest.
func (in *inbound) settle(id string) {
	in.mu.Lock()
	delete(in.reqs, id)
	in.mu.Unlock()
}

// keepOnly forgets every request not in pending: after an attach's replay, the
// server's list of requests still waiting is the truth.
func (in *inbound) keepOnly(pending map[string]bool) {
	in.mu.Lock()
	for id := range in.reqs {
		if !pending[id] {
			delete(in.reqs, id)
		}
	}
	in.mu.Unlock()
}
