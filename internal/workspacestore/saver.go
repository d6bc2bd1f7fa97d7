package workspacestore

import "sync"

// Saver writes workspace snapshots in the background, so that the UI never waits for
// a disk. Snapshots asked for while one is being written are coalesced: only the newest
// is written next. At most one goroutine writes, and only while there is something to
// write, so an idle Saver holds no goroutine and needs no closing.
type Saver struct {
	path string

	mu      sync.Mutex
	done    *sync.Cond // signalled after each write
	pending *Workspace // the newest snapshot not yet being written
	asked   uint64     // snapshots asked for so far
	written uint64     // of those, how many are on disk (or failed)
	running bool       // a writer goroutine is at work
	err     error      // the result of the last write
}

// NewSaver returns a Saver for the workspace file at path.
func NewSaver(path string) *Saver {
	s := &Saver{path: path}
	s.done = sync.NewCond(&s.mu)
	return s
}

// Save asks for w to be written, and returns at once. w is copied: the caller may
// change it afterwards.
func (s *Saver) Save(w Workspace) {
	snapshot := w.clone()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = &snapshot
	s.asked++
	if !s.running {
		s.running = true
		go s.write()
	}
}

// write writes the pending snapshot, then any newer one, until none is left.
func (s *Saver) write() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.pending != nil {
		w, upTo := *s.pending, s.asked
		s.pending = nil
		s.mu.Unlock()
		err := Save(s.path, w)
		s.mu.Lock()
		s.err, s.written = err, upTo
		s.done.Broadcast()
	}
	s.running = false
}

// Flush waits until every snapshot asked for so far is written (or was replaced by a
// newer one that is), and returns the result of the last write.
func (s *Saver) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.written < s.asked {
		s.done.Wait()
	}
	return s.err
}

// Err is the result of the last write, without waiting.
func (s *Saver) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}
