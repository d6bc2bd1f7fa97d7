package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// While gclaude's window is not the current one (tmux sends it a focus-out), a
// permission request rings the bell: tmux flags the window, and the pane's title counts
// the decision waiting.
func TestE2ENotifyWhenBlurred(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	if _, err := a.tmux("set-option", "-g", "focus-events", "on"); err != nil {
		t.Fatal(err)
	}
	a.waitReady()
	a.Type("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	a.WaitFor("touch it", waitTimeout)
	// A second window becomes the current one: gclaude's pane loses focus.
	if _, err := a.tmux("new-window", "-t", sessionName+":1", "sleep 600"); err != nil {
		t.Fatal(err)
	}
	const pane = sessionName + ":0"
	time.Sleep(200 * time.Millisecond) // the focus-out reaches gclaude before the prompt is sent
	if _, err := a.tmux("send-keys", "-t", pane, "Enter"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(waitTimeout)
	for {
		flag, _ := a.tmux("display-message", "-p", "-t", pane, "#{window_bell_flag}|#{pane_title}")
		bell, title, _ := strings.Cut(strings.TrimSpace(flag), "|")
		if bell == "1" && strings.HasPrefix(title, "[1 waiting] gclaude") {
			break
		}
		if time.Now().After(deadline) {
			screen, _ := a.tmux("capture-pane", "-p", "-t", pane)
			t.Fatalf("no bell and waiting title (bell %q, title %q); screen:\n%s", bell, title, frameScreen(screen))
		}
		time.Sleep(pollEvery)
	}
}
