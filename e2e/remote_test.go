package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/sshrig"
)

// Sessions on other machines (issue 23) end to end: gclaude in tmux opens a session
// whose claude runs through the system ssh on internal/sshrig's OpenSSH server, and
// talks to the rig's own fake API from the remote HOME's settings.

// remoteName is how the workspace names the rig's project folder: "dir @ host".
const remoteName = "project @ 127.0.0.1"

// startRemoteApp starts the rig's ssh server and gclaude told to reach it with the
// rig's client config (GCLAUDE_SSH_CONFIG); gclaude starts with a local session.
func startRemoteApp(t *testing.T, o appOptions, ro sshrig.Options) (*app, *sshrig.Rig) {
	t.Helper()
	r := sshrig.New(t, ro)
	o.Env = append(o.Env, "GCLAUDE_SSH_CONFIG="+r.ConfigFile)
	if o.Width == 0 {
		o.Width, o.Height = 100, 30
	}
	a := startApp(t, o)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("sshd log, last lines:\n%s", tail(r.Log(), 30, 300))
		}
	})
	return a, r
}

// openRemote opens a session in the rig's project folder on its host and waits until
// its claude answered.
func (a *app) openRemote(r *sshrig.Rig) {
	a.t.Helper()
	a.prompt("/open --host " + r.Host + " " + r.Dir)
	a.waitFront(remoteName)
}

// waitRemoteRequest waits for a request to the remote side's fake API.
func (a *app) waitRemoteRequest(r *sshrig.Rig, what string, match func(fakeapi.Request) bool) fakeapi.Request {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	defer cancel()
	req, err := r.API.WaitRequest(ctx, match)
	if err != nil {
		a.t.Fatalf("no request to the remote API %s: %v; screen:\n%s", what, err, frameScreen(a.Capture()))
	}
	return req
}

// turnWith matches the conversation request of the turn whose prompt holds s.
func turnWith(s string) func(fakeapi.Request) bool {
	return func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, s)
	}
}

// hideBehind runs gclaude in a mount namespace of its own where the folder dir shows
// the content of cover: this machine's view of that path differs from the "remote"
// one, which sshd (outside the namespace) serves. A preview read on this machine
// would show cover's files.
func hideBehind(cover, dir string) []string {
	unshare := []string{"unshare", "-m", "--propagation", "private"}
	if os.Geteuid() != 0 {
		unshare = []string{"unshare", "-r", "-m", "--propagation", "private"}
	}
	return append(unshare, "sh", "-c", `mount --bind "$1" "$2" && shift 2 && exec "$@"`, "sh", cover, dir)
}

// A remote session streams a reply; an Edit of a file that exists only on the host is
// asked with the diff of the host's file (this machine sees other content at that
// path), and approving it changes the file on the host.
func TestE2ERemoteSessionEditsTheRemoteFile(t *testing.T) {
	t.Parallel()
	const (
		remoteLine = "this line is only on the remote host"
		localLine  = "this line is the local decoy"
	)
	r := sshrig.New(t, sshrig.Options{Files: map[string]string{fakeapi.FileEdit: remoteLine + "\nfoo\n"}})
	cover := t.TempDir()
	if err := os.WriteFile(filepath.Join(cover, fakeapi.FileEdit), []byte(localLine+"\nfoo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, appOptions{Width: 100, Height: 30,
		Env:  []string{"GCLAUDE_SSH_CONFIG=" + r.ConfigFile},
		Wrap: hideBehind(cover, r.Dir)})
	a.waitReady()
	a.openRemote(r)

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " say hello")
	a.waitRemoteRequest(r, "for the first turn", turnWith("say hello"))
	a.WaitFor(fakeapi.TextHello, waitTimeout)

	a.prompt("SCENARIO:" + fakeapi.ScenarioEdit + " edit it")
	screen := a.WaitFor(reArmed, waitTimeout)
	flat := words(screen)
	for _, want := range []string{fakeapi.FileEdit, remoteLine, "foo", "bar"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the Edit dialog lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	if strings.Contains(flat, localLine) {
		t.Errorf("the Edit dialog previews this machine's file, not the host's:\n%s", frameScreen(screen))
	}
	a.choose(a.choiceNumber(screen, "Yes"))
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	got, err := os.ReadFile(filepath.Join(r.Dir, fakeapi.FileEdit))
	if err != nil || string(got) != remoteLine+"\nbar\n" {
		t.Errorf("the host's file = %q, %v; want the edit made there", got, err)
	}
	if got, _ := os.ReadFile(filepath.Join(cover, fakeapi.FileEdit)); string(got) != localLine+"\nfoo\n" {
		t.Errorf("this machine's file changed: %q", got)
	}
}

// Killing the ssh connection in the middle of a turn shows "disconnected"; gclaude
// reconnects on its own, the session keeps its history, and the next turn carries the
// conversation from before the drop.
func TestE2ERemoteDisconnectResumes(t *testing.T) {
	t.Parallel()
	const word = "PELICAN"
	a, r := startRemoteApp(t, appOptions{}, sshrig.Options{API: fakeapi.Config{Scenarios: e2eScenarios()}})
	a.waitReady()
	a.openRemote(r)

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " remember " + word)
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)
	a.prompt("SCENARIO:" + scenarioLongSlow + " a long answer")
	a.WaitFor("word5 ", waitTimeout)
	if n := r.KillConnections(); n == 0 {
		t.Fatal("no ssh connection to kill")
	}
	screen := a.waitWords("disconnected")
	if !strings.Contains(words(screen), "connection to "+r.Host+" was lost") {
		t.Errorf("the notice should say which connection was lost:\n%s", frameScreen(screen))
	}
	if strings.Contains(screen, lastWord) {
		t.Fatalf("the long answer ended before the connection was killed:\n%s", frameScreen(screen))
	}

	// Back on its own: a claude on the host again, the history on screen.
	a.WaitFor(func(s string) bool {
		st := a.statusBar(s)
		return !strings.Contains(st, "connect") && !strings.Contains(st, textStarting)
	}, waitTimeout)
	a.WaitFor("remember "+word, waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " and now?")
	req := a.waitRemoteRequest(r, "for the turn after the reconnect", turnWith("and now?"))
	if !strings.Contains(req.Text(), word) {
		t.Errorf("the turn after the reconnect lacks the conversation before it")
	}
	a.WaitFor(func(s string) bool { return strings.Count(s, fakeapi.TextHello) >= 2 }, waitTimeout)
	if n := r.Logins(); n < 2 {
		t.Errorf("sshd saw %d logins: the session did not come back over a new connection", n)
	}
}

// Issue 27: the host's sshd goes away for longer than the first tries. Each try that
// finds the port closed is one more failure, shown with the number and time of the
// next (before, the first refused try ended the session); when sshd is back, the
// session is, on its conversation.
func TestE2ERemoteReconnectsWhenTheHostComesBack(t *testing.T) {
	t.Parallel()
	const word = "HERON"
	a, r := startRemoteApp(t, appOptions{}, sshrig.Options{API: fakeapi.Config{Scenarios: e2eScenarios()}})
	a.waitReady()
	a.openRemote(r)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " remember " + word)
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)

	r.Down()
	// Tries 1 to 3 (after 1, 2 and 5 s) find nothing listening; the 4th waits 10 s.
	a.WaitFor(func(s string) bool { return strings.Contains(a.statusBar(s), "disconnected · try 4 at") }, 3*waitTimeout)
	if flat := words(a.Capture()); !strings.Contains(flat, "refused the connection") {
		t.Errorf("the session should say why the tries fail:\n%s", frameScreen(a.Capture()))
	}
	r.Up(t)
	a.WaitFor(func(s string) bool {
		st := a.statusBar(s)
		return !strings.Contains(st, "disconnected") && !strings.Contains(st, textStarting)
	}, 3*waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " and now?")
	req := a.waitRemoteRequest(r, "for the turn after the host came back", turnWith("and now?"))
	if !strings.Contains(req.Text(), word) {
		t.Errorf("the turn after the host came back lacks the conversation before it")
	}
}

// A local and a remote session wait for a decision at once: the title counts both,
// the inbox shows each with its session's name, answers both, and each tool runs on
// its own machine's folder.
func TestE2ERemoteInboxHoldsLocalAndRemoteDecisions(t *testing.T) {
	t.Parallel()
	scenarios := fakeapi.Config{Scenarios: workspaceScenarios()}
	a, r := startRemoteApp(t, appOptions{API: scenarios}, sshrig.Options{API: scenarios})
	a.waitReady()
	project := filepath.Base(a.rig.Dir)
	a.openRemote(r)

	// The remote session asks; the user goes back to the local one, which asks too.
	a.prompt("SCENARIO:" + scenarioWsTouchHere + " make a file there")
	a.WaitFor(reArmed, waitTimeout)
	a.SendKeys("M-,")
	a.waitFront(project)
	a.prompt("SCENARIO:" + scenarioWsTouchHere + " make a file here")
	a.waitTitle("counting both decisions", func(s string) bool { return strings.HasPrefix(s, "[2 waiting] ") })

	// The inbox starts with the oldest: the remote session's.
	a.SendKeys("M-i")
	dialog := a.WaitFor(func(s string) bool { return reArmed.MatchString(s) && strings.Contains(s, "⧉ "+remoteName) }, waitTimeout)
	if !strings.Contains(dialog, "touch "+wsMadeHere) {
		t.Errorf("the inbox dialog lacks the remote command:\n%s", frameScreen(dialog))
	}
	a.SendKeys(string(rune('0' + a.choiceNumber(dialog, "Yes"))))
	waitPath(t, a, filepath.Join(r.Dir, wsMadeHere))

	// Then the local one's, named after its session.
	dialog = a.WaitFor(func(s string) bool { return reArmed.MatchString(s) && strings.Contains(s, "⧉ "+project) }, waitTimeout)
	a.SendKeys(string(rune('0' + a.choiceNumber(dialog, "Yes"))))
	a.waitFile(wsMadeHere)
	a.waitTitle("without a waiting count", func(s string) bool { return s != "" && !strings.Contains(s, "waiting") })
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	a.SendKeys("M-.")
	a.waitFront(remoteName)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
}

// waitPath waits until path exists.
func waitPath(t *testing.T, a *app, path string) {
	t.Helper()
	a.WaitFor(func(string) bool { _, err := os.Stat(path); return err == nil }, waitTimeout)
}
