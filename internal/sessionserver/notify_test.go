package sessionserver

import (
	"strings"
	"sync"
	"testing"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
)

// A decision waiting with no screen attached runs the notify command once, with the
// text as an argument: what claude named is never run as shell.
func TestNotifyOnceWhileNoScreenIsAttached(t *testing.T) {
	var mu sync.Mutex
	var notes []string
	r := newRig(t, func(c *Config) {
		c.onNotify = func(text string) { mu.Lock(); notes = append(notes, text); mu.Unlock() }
	})
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(notes) }
	out := r.dir + "/notified"
	a := r.start(func(o *process.Options) {
		o.ServerMeta = map[string]string{sessionwire.MetaName: "api$(touch pwned)"}
		o.NotifyCommand = `printf '%s|%s\n' "$1" "$GCLAUDE_NOTIFY_TEXT" >> ` + out
	})
	id := a.cli.ServerID()
	a.send("ask")
	expect[process.PermissionRequest](a)
	if n := count(); n != 0 {
		t.Fatalf("notified %d times while a screen was attached", n)
	}
	if err := a.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the notify command's output", func() bool { return len(r.logLines("notified")) == 1 })
	line := r.logLines("notified")[0]
	want := "gclaude: api$(touch pwned) waits for your decision (Write)"
	if line != want+"|"+want {
		t.Fatalf("notify command got %q, want the text as $1 and $GCLAUDE_NOTIFY_TEXT", line)
	}
	if len(r.logLines("pwned")) != 0 || fileExists(r.dir+"/pwned") {
		t.Fatal("the session's name was run as shell")
	}

	// Attaching and leaving again does not notify the same decision twice.
	b := r.attach(id)
	expect[process.Live](b)
	if err := b.cli.Detach(); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the server to see the screen go", func() bool { in, _ := r.info(id); return in.Screens == 0 })
	if n := count(); n != 1 {
		t.Fatalf("notified %d times for one decision: %q", n, strings.Join(notes, "; "))
	}
}
