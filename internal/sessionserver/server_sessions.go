package sessionserver

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// The server's sessions: adding, forgetting, listing and finding them, and the
// registry that lists them on disk.

func (srv *Server) add(s *session) {
	srv.mu.Lock()
	srv.sessions[s.id] = s
	srv.mu.Unlock()
	srv.registryChanged()
}

// forget removes a session that ended and its record.
func (srv *Server) forget(s *session) {
	srv.mu.Lock()
	_, ok := srv.sessions[s.id]
	delete(srv.sessions, s.id)
	if len(srv.sessions) == 0 {
		srv.idleFrom = time.Now()
	}
	srv.mu.Unlock()
	if !ok {
		return
	}
	s.mu.Lock()
	s.rec.remove()
	s.mu.Unlock()
	srv.registryChanged()
}

// list describes every session, oldest first.
func (srv *Server) list() []sessionwire.Info {
	srv.mu.Lock()
	all := make([]*session, 0, len(srv.sessions))
	for _, s := range srv.sessions {
		all = append(all, s)
	}
	srv.mu.Unlock()
	out := make([]sessionwire.Info, 0, len(all))
	for _, s := range all {
		s.mu.Lock()
		out = append(out, s.info(false))
		s.mu.Unlock()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Started.Before(out[j].Started) })
	return out
}

// find resolves what a screen or `gclaude stop` names: an id, a name, or an id prefix.
func (srv *Server) find(name string) (*session, error) {
	if name == "" {
		return nil, errors.New("no session named")
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if s, ok := srv.sessions[name]; ok {
		return s, nil
	}
	var byName, byPrefix []*session
	for id, s := range srv.sessions {
		s.mu.Lock()
		if s.meta[sessionwire.MetaName] == name {
			byName = append(byName, s)
		}
		s.mu.Unlock()
		if len(id) > len(name) && id[:len(name)] == name {
			byPrefix = append(byPrefix, s)
		}
	}
	for _, found := range [][]*session{byName, byPrefix} {
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0], nil
		}
		ids := make([]string, len(found))
		for i, s := range found {
			ids[i] = s.id
		}
		sort.Strings(ids)
		return nil, fmt.Errorf("%q names %d sessions (%v): use an id", name, len(found), ids)
	}
	return nil, fmt.Errorf("no session %q (gclaude ls lists them)", name)
}

// registryChanged rewrites the registry, in the background: callers hold locks.
func (srv *Server) registryChanged() {
	go srv.saveRegistry()
}

// registryMu orders the registry's writes and its removal at exit.
var registryMu sync.Mutex

func (srv *Server) saveRegistry() {
	registryMu.Lock()
	defer registryMu.Unlock()
	srv.mu.Lock()
	exiting := srv.exiting
	srv.mu.Unlock()
	if exiting {
		return
	}
	reg := sessionwire.Registry{PID: os.Getpid(), Build: srv.cfg.Build, Protocol: sessionwire.Protocol, Socket: srv.cfg.Paths.Socket}
	for _, in := range srv.list() {
		if in.State != sessionwire.StateExited {
			reg.Sessions = append(reg.Sessions, in)
		}
	}
	if err := sessionwire.WriteRegistry(srv.cfg.Paths.Registry, reg); err != nil {
		srv.logf("writing the registry: %v", err)
	}
}
