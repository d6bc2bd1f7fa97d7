package sessionserver

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// notifyTimeout bounds one run of the user's notify command.
const notifyTimeout = 10 * time.Second

// notifyWaiting runs the notify command once for each decision waiting that has not
// had it, when no screen is attached. The caller holds mu.
func (s *session) notifyWaiting() {
	if s.spawn.NotifyCommand == "" || len(s.subs) > 0 || s.exit != nil {
		return
	}
	s.pend.each(func(_ string, r *pendingReq) {
		if !r.decision || r.notified {
			return
		}
		r.notified = true
		text := s.notifyText(r.tool)
		s.srv.notified(text)
		go s.srv.runNotify(s.spawn.NotifyCommand, s.spawn.Dir, text)
	})
}

// notifyText says which session waits, and for what.
func (s *session) notifyText(tool string) string {
	who := s.meta["name"]
	if who == "" {
		who = filepath.Base(s.spawn.Dir)
	}
	text := "gclaude: " + who + " waits for your decision"
	if tool != "" {
		text += " (" + tool + ")"
	}
	return oneLine(text)
}

// runNotify runs command with sh, the text as $1 and $GCLAUDE_NOTIFY_TEXT: never
// part of the command line, so nothing claude wrote is run as shell. Its output goes
// to the server's log; it is stopped after notifyTimeout.
func (srv *Server) runNotify(command, dir, text string) {
	ctx, cancel := context.WithTimeout(context.Background(), notifyTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command, "gclaude-notify", text)
	cmd.Env = append(os.Environ(), "GCLAUDE_NOTIFY_TEXT="+text)
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		cmd.Dir = dir
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.CombinedOutput()
	if len(out) > 0 || err != nil {
		srv.logf("notify command: %v %s", err, out)
	}
}
