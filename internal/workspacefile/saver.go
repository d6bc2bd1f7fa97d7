package workspacefile

import "sync"

// Saver writes snapshots in the background: Save never blocks its caller (the UI's
// update loop), and when snapshots come faster than the disk takes them only the
// newest pending one is written. Each Save says how its snapshot fared, so a failure
// can be told at once rather than at exit.
type Saver struct {
	path string

	mu      sync.Mutex
	pending *Workspace
	waiting []chan error // told the outcome of the write that takes pending
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

// Save asks for w to be written. The channel receives the outcome of the write that
// took w, or a newer snapshot in its place: nil once it is on disk.
func (s *Saver) Save(w Workspace) <-chan error {
	done := make(chan error, 1)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = &w
	s.waiting = append(s.waiting, done)
	if !s.running {
		s.running = true
		go s.drain()
	}
	return done
}

// drain writes the newest pending snapshot until none is left.
func (s *Saver) drain() {
	s.mu.Lock()
	for s.pending != nil {
		w, waiting := *s.pending, s.waiting
		s.pending, s.waiting = nil, nil
		s.mu.Unlock()
		err := Save(s.path, w)
		for _, done := range waiting {
			done <- err
		}
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
