package sessionserver

import "slices"

// pendingReqs are the CLI's requests still waiting for an answer, in the order asked.
// An answer claims its request once: a second answer (another screen's, or one after
// claude withdrew the request) is dropped.
type pendingReqs struct {
	byID  map[string]*pendingReq
	order []string
}

// pendingReq is one waiting request: its line (replayed first when the record's start
// was cut away) and where the record holds it.
type pendingReq struct {
	line     []byte
	at       int64 // the record offset of its frame
	decision bool  // a person answers it (a permission, a question, an elicitation)
	tool     string
	notified bool // the notify command ran for it
}

func newPendingReqs() pendingReqs { return pendingReqs{byID: map[string]*pendingReq{}} }

func (p *pendingReqs) add(id string, r *pendingReq) {
	if id == "" {
		return
	}
	if _, ok := p.byID[id]; !ok {
		p.order = append(p.order, id)
	}
	p.byID[id] = r
}

// claim removes id and reports whether it was waiting.
func (p *pendingReqs) claim(id string) bool {
	if _, ok := p.byID[id]; !ok {
		return false
	}
	delete(p.byID, id)
	p.order = slices.DeleteFunc(p.order, func(x string) bool { return x == id })
	return true
}

// ids are the waiting requests, oldest first.
func (p *pendingReqs) ids() []string { return slices.Clone(p.order) }

// decisions counts the requests a person must answer.
func (p *pendingReqs) decisions() int {
	n := 0
	for _, r := range p.byID {
		if r.decision {
			n++
		}
	}
	return n
}

// each calls f for every waiting request, oldest first.
func (p *pendingReqs) each(f func(id string, r *pendingReq)) {
	for _, id := range p.order {
		f(id, p.byID[id])
	}
}

func (p *pendingReqs) clear() {
	clear(p.byID)
	p.order = nil
}
