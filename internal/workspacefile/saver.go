package workspacefile

import "sync"

// Saver writes snapshots in the background: Save never blocks its caller (the UI's
// update loop), and when snapshots come faster than the disk takes them only the
// newest pending one is written.
type Saver struct {
	path string

	mu      sync.Mutex
	pending *Workspace
	running bool
	err     error
	idle    *sync.Cond
}

// NewSaver saves to path.
func NewSaver(path string) *Saver {
	s := &Saver{path: path}
	s.idle = sync.NewCond(&s.mu)
	return s
}

// Save asks for w to be written.
func (s *Saver) Save(w Workspace) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = &w
	if !s.running {
		s.running = true
		go s.drain()
	}
}

// drain writes the newest pending snapshot until none is left.
func (s *Saver) drain() {
	s.mu.Lock()
	for s.pending != nil {
		w := *s.pending
		s.pending = nil
		s.mu.Unlock()
		err := Save(s.path, w)
		s.mu.Lock()
		s.err = err
	}
	s.running = false
	s.idle.Broadcast()
	s.mu.Unlock()
}

// Flush waits until every snapshot asked for is written and returns the last error.
func (s *Saver) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.running {
		s.idle.Wait()
	}
	return s.err
}
