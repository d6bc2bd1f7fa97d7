package tab

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// loggedOut is CLI 2.1.328's initialize account with an empty HOME and no key.
var loggedOut = protocol.Account{TokenSource: "none", APIProvider: "firstParty"}

// The way out is on the first screen, before a prompt fails with "Not logged in".
func TestNotLoggedInSaysHowToLogIn(t *testing.T) {
	h := newHarness(t)
	h.events(process.Ready{Init: &protocol.InitializeResponse{Account: loggedOut}})
	if md := h.tab.conversation.Markdown(); !strings.Contains(md, "claude is not logged in. Type /login") || !strings.Contains(md, "ANTHROPIC_API_KEY") {
		t.Fatalf("transcript:\n%s", md)
	}

	h = newHarness(t)
	h.events(process.Ready{Init: &protocol.InitializeResponse{Account: protocol.Account{TokenSource: "none", APIKeySource: "ANTHROPIC_API_KEY"}}})
	if md := h.tab.conversation.Markdown(); strings.Contains(md, "not logged in") {
		t.Fatalf("with a key:\n%s", md)
	}
}

// /login runs the CLI's sign-in on the terminal, then restarts claude in the same
// conversation when claude saved it, else in a new one.
func TestLoginRunsSignInAndRestarts(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sess-1.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := 0
	h := newHarness(t, withSessions(dir), func(o *launchOptions) {
		o.Login = func() *exec.Cmd { runs++; return exec.Command("true") }
	})
	h.ready()
	h.msgs(systemInit(), result())
	h.run("/login")
	if runs != 1 {
		t.Fatalf("the sign-in ran %d times", runs)
	}
	if len(h.starts) != 0 || len(h.b.sentTexts()) != 0 {
		t.Fatalf("before the sign-in ended: starts %+v, sent %q", h.starts, h.b.sentTexts())
	}
	old := h.b
	h.send(loginDoneMsg{})
	if len(h.starts) != 1 || h.starts[0].Resume != "sess-1" || old.closed == 0 {
		t.Fatalf("after the sign-in: starts %+v, old session closed %d", h.starts, old.closed)
	}
	h.transcriptHas(t, "restarting claude with the new sign-in")

	// No conversation saved yet: a new one (claude exits on an id it does not know).
	h = newHarness(t, withSessions(t.TempDir()), func(o *launchOptions) { o.Login = func() *exec.Cmd { return exec.Command("true") } })
	h.ready()
	h.msgs(systemInit())
	h.send(loginDoneMsg{})
	if len(h.starts) != 1 || h.starts[0].Resume != "" {
		t.Fatalf("starts %+v", h.starts)
	}
}

func TestLoginNotAvailable(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.run("/login")
	h.transcriptHas(t, "/login is not available here")
	if len(h.b.sentTexts()) != 0 {
		t.Fatalf("/login went to claude: %q", h.b.sentTexts())
	}
}
