package fakeapi

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// Config configures a Server. The zero value serves the built-in scenarios with "text"
// as the default.
type Config struct {
	// Scenarios are registered after the built-ins; one with a built-in's name replaces it.
	Scenarios []Scenario
	// Default is the scenario for prompts with no marker and no matcher; "" means "text".
	Default string
	// NotFoundModels are model names answered with 404 not_found_error on every path,
	// which makes the CLI's set_model probe fail with error_code "not_found".
	NotFoundModels []string
	// Stream holds the defaults for steps that leave StreamOptions fields zero.
	Stream StreamOptions
	// SideReply is the text given to side requests (calls without tools); "" means "OK".
	SideReply string
	// Addr is the listen address; "" means 127.0.0.1 on a random port.
	Addr string
}

// Server is a scripted fake of the Anthropic Messages API on 127.0.0.1. It is safe for
// concurrent use. Start it with New and stop it with Close.
type Server struct {
	url      string
	srv      *http.Server
	served   chan struct{} // closed when Serve has returned
	life     context.Context
	kill     context.CancelFunc // ends every wait and stream
	handlers sync.WaitGroup

	mu         sync.Mutex
	closed     bool
	cfg        Config
	scenarios  map[string]Scenario
	order      []string // registration order, for matchers
	notFound   map[string]bool
	requests   []Request
	attempts   map[string]int // fault bookkeeping per attempt identity
	changed    chan struct{}  // closed and replaced whenever a request is recorded
	nextMsg    int
	nextTool   int
	nextReplyN int
}

// New starts a server on 127.0.0.1 with a random port (or cfg.Addr).
func New(cfg Config) (*Server, error) {
	addr := cfg.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("fakeapi: listen: %w", err)
	}
	if cfg.Default == "" {
		cfg.Default = "text"
	}
	if cfg.SideReply == "" {
		cfg.SideReply = "OK"
	}
	life, kill := context.WithCancel(context.Background())
	s := &Server{
		url:       "http://" + ln.Addr().String(),
		served:    make(chan struct{}),
		life:      life,
		kill:      kill,
		cfg:       cfg,
		scenarios: map[string]Scenario{},
		notFound:  map[string]bool{},
		attempts:  map[string]int{},
		changed:   make(chan struct{}),
	}
	for _, sc := range Builtin() {
		s.addLocked(sc)
	}
	for _, sc := range cfg.Scenarios {
		s.addLocked(sc)
	}
	for _, m := range cfg.NotFoundModels {
		s.notFound[m] = true
	}
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer close(s.served)
		_ = s.srv.Serve(ln) // returns http.ErrServerClosed after Close
	}()
	return s, nil
}

// URL is the base URL to put in ANTHROPIC_BASE_URL, e.g. "http://127.0.0.1:41234".
func (s *Server) URL() string { return s.url }

// Close stops the server: in-flight streams and delays end at once, connections are
// closed, and Close returns when every handler goroutine has finished.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.kill()
	s.mu.Unlock()
	_ = s.srv.Close()
	<-s.served
	s.handlers.Wait()
}

// AddScenario registers sc, replacing any scenario of the same name.
func (s *Server) AddScenario(sc Scenario) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addLocked(sc)
}

func (s *Server) addLocked(sc Scenario) {
	if _, ok := s.scenarios[sc.Name]; !ok {
		s.order = append(s.order, sc.Name)
	}
	s.scenarios[sc.Name] = sc
}

// SetDefault makes name the scenario for prompts without marker or matcher.
func (s *Server) SetDefault(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cfg.Default = name
}

// SetModelNotFound makes every request for model fail with 404 not_found_error.
func (s *Server) SetModelNotFound(model string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.notFound[model] = true
}

// ServeHTTP records the request and answers it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "fakeapi closed", http.StatusServiceUnavailable)
		return
	}
	s.handlers.Add(1)
	s.mu.Unlock()
	defer s.handlers.Done()

	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return // the client went away
	}
	rec := Request{
		Time:   time.Now(),
		Method: r.Method,
		Path:   r.URL.Path,
		Query:  r.URL.RawQuery,
		Header: r.Header.Clone(),
		Raw:    raw,
	}
	p := s.plan(&rec)

	// Stop streaming when the client hangs up or the server closes.
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer context.AfterFunc(s.life, cancel)()
	p.write(ctx, w)
}

// plan decides the answer to rec, records rec, and returns the answer to write.
func (s *Server) plan(rec *Request) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextReplyN++
	p := &reply{requestID: fmt.Sprintf("req_fake%03d", s.nextReplyN)}

	switch {
	case rec.Method == http.MethodPost && rec.Path == "/v1/messages":
		parseRequest(rec)
		p.model, p.stream = rec.Model, rec.Stream
		rec.Kind = KindSide
		if len(rec.Tools) > 0 {
			rec.Kind = KindConversation
		}
		switch {
		case s.notFound[rec.Model]:
			p.fault = &Fault{Status: http.StatusNotFound, Message: "model: " + rec.Model}
		case rec.Kind == KindSide:
			p.step = Reply(Text(s.cfg.SideReply))
		default:
			s.playLocked(rec, p)
		}
		p.msgID = s.newIDLocked(&s.nextMsg, "msg_fake")
		if p.fault == nil {
			p.step = s.finishStepLocked(p.step, rec)
		}
	case rec.Method == http.MethodPost && rec.Path == "/v1/messages/count_tokens":
		parseRequest(rec)
		rec.Kind = KindCountTokens
		p.countTokens = max(1, len(rec.Raw)/4)
	default:
		rec.Kind = KindOther
		p.fault = &Fault{Status: http.StatusNotFound, Message: "fakeapi: no route for " + rec.Method + " " + rec.Path}
	}
	rec.Status, rec.Reply = p.describe()

	rec.Seq = len(s.requests) + 1
	s.requests = append(s.requests, *rec)
	close(s.changed)
	s.changed = make(chan struct{})
	return p
}

// playLocked selects the scenario and step for a conversation request and puts the
// step or the current fault into p.
func (s *Server) playLocked(rec *Request, p *reply) {
	idx, prompt := lastPrompt(rec.Messages)
	step := assistantTurnsAfter(rec.Messages, idx)
	name, sc, ok := s.selectLocked(prompt)
	rec.Scenario, rec.Step = name, step
	switch {
	case !ok:
		p.step = Reply(Text(fmt.Sprintf("fakeapi: unknown scenario %q.", name)))
		return
	case step >= len(sc.Steps):
		p.step = Reply(Text(fmt.Sprintf("fakeapi: scenario %q has no step %d.", name, step)))
		return
	}
	p.step = sc.Steps[step]
	// An attempt is identified by where the conversation is; the CLI's retries and its
	// non-streaming fallback repeat the same messages, so they count up the same key.
	key := fmt.Sprintf("%s\x00%d\x00%d\x00%s", name, step, len(rec.Messages), prompt)
	n := s.attempts[key]
	s.attempts[key] = n + 1
	p.fault = faultFor(p.step.Faults, n)
}

// selectLocked picks the scenario for a prompt: its SCENARIO:<name> marker, else the
// first matcher that accepts the user's own words in it, else the default. ok is false
// for an unknown name.
func (s *Server) selectLocked(prompt string) (name string, sc Scenario, ok bool) {
	if name, found := scenarioName(prompt); found {
		sc, ok = s.scenarios[name]
		return name, sc, ok
	}
	own := ownWords(prompt)
	for _, n := range s.order {
		if m := s.scenarios[n].Match; m != nil && m(own) {
			return n, s.scenarios[n], true
		}
	}
	sc, ok = s.scenarios[s.cfg.Default]
	return s.cfg.Default, sc, ok
}

// faultFor returns the fault that applies to the attempt with 0-based number n.
func faultFor(faults []Fault, n int) *Fault {
	for i := range faults {
		f := faults[i]
		if f.Times == Forever {
			return &f
		}
		times := max(f.Times, 1)
		if n < times {
			return &f
		}
		n -= times
	}
	return nil
}

// finishStepLocked returns a copy of step with placeholders expanded, tool ids assigned
// and stream options defaulted, ready to be written without the lock.
func (s *Server) finishStepLocked(step Step, rec *Request) Step {
	vars := newPlaceholders(rec.System, rec.Messages, rec.Prompt)
	out := step
	out.Blocks = make([]Block, len(step.Blocks))
	for i, b := range step.Blocks {
		b.Text = vars.expand(b.Text, identity)
		if len(b.Deltas) > 0 {
			deltas := make([]string, len(b.Deltas))
			for j, d := range b.Deltas {
				deltas[j] = vars.expand(d, identity)
			}
			b.Deltas = deltas
		}
		if b.Type == BlockToolUse {
			if b.ID == "" {
				b.ID = s.newIDLocked(&s.nextTool, "toolu_fake")
			}
			b.Input = expandInput(b.Input, vars)
		}
		out.Blocks[i] = b
	}
	d := s.cfg.Stream
	if out.Stream.ChunkRunes <= 0 {
		out.Stream.ChunkRunes = cmpOr(d.ChunkRunes, 8)
	}
	if out.Stream.JSONChunkBytes <= 0 {
		out.Stream.JSONChunkBytes = cmpOr(d.JSONChunkBytes, 24)
	}
	if out.Stream.DeltaDelay <= 0 {
		out.Stream.DeltaDelay = d.DeltaDelay
	}
	return out
}

func (s *Server) newIDLocked(counter *int, prefix string) string {
	*counter++
	return fmt.Sprintf("%s%03d", prefix, *counter)
}

func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}
