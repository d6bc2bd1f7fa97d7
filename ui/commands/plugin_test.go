package commands

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// fakeClaudePlugin answers `claude plugin …` as CLI 2.1.332 does (its --json lines),
// recording each command line.
const fakeClaudePlugin = `echo "$*" >> "$LOG"
case "$*" in
"plugin list --available --json") echo '{"installed":[{"id":"tidy@local-mkt","version":"1.2.0","scope":"user","enabled":false}],
  "available":[{"pluginId":"hello@local-mkt","name":"hello","description":"Says hello","marketplaceName":"local-mkt","version":"1.0.0"}]}' ;;
"plugin marketplace list --json") echo '[{"name":"local-mkt","source":"directory","path":"/srv/mkt"}]' ;;
"plugin install hello@local-mkt --json") echo '{"command":"install","outcome":"ok","message":"Successfully installed plugin: hello@local-mkt (scope: user)"}' ;;
"plugin install nope --json") echo '{"command":"install","outcome":"failed","message":"Plugin \"nope\" not found"}'; echo 'Failed' >&2; exit 1 ;;
*) echo "unexpected: $*" >&2; exit 2 ;;
esac`

func pluginSession(t *testing.T) (*fakeSession, func() []string) {
	log := t.TempDir() + "/log"
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		if req.Subtype() != "reload_plugins" {
			t.Errorf("asked %s", req.Subtype())
		}
		return json.RawMessage(`{"commands":[{"name":"hello:greet","description":"(hello) Greet"}],"plugins":[{"name":"hello","path":"/p"}],"error_count":0}`), nil
	}}
	h.info.Claude = func(args ...string) *exec.Cmd {
		c := exec.Command("sh", append([]string{"-c", fakeClaudePlugin, "claude"}, args...)...)
		c.Env = []string{"LOG=" + log}
		return c
	}
	ran := func() []string {
		b, _ := exec.Command("cat", log).Output()
		return strings.Split(strings.TrimSpace(string(b)), "\n")
	}
	return h, ran
}

// /plugin opens the panel from what claude reports; installing from it runs claude's
// install, has the running claude reload its plugins, offers their commands in the /
// menu and shows the panel again with the outcome.
func TestPluginPanelInstalls(t *testing.T) {
	h, ran := pluginSession(t)
	c, _ := Lookup("plugins")
	results(t, h, c.Run(h, ""))
	v := lastPanel(t, h)
	if !contains(v, "1 installed · 1 available · 1 marketplace", "tidy@local-mkt", "○ disabled · user · 1.2.0",
		"hello@local-mkt", "available · 1.0.0 · Says hello", "marketplace local-mkt", "directory /srv/mkt", "Add a marketplace…") {
		t.Fatalf("panel:\n%s", v)
	}
	for _, k := range "hello" {
		h.pickers[len(h.pickers)-1].Update(keyText(string(k)))
	}
	a, _ := h.pickers[len(h.pickers)-1].Update(enterKey())
	results(t, h, answerOrFail(t, h, a))
	if v := lastPanel(t, h); !contains(v, "Plugin hello@local-mkt", "Says hello", "Install for this project") {
		t.Fatalf("detail:\n%s", v)
	}
	a, _ = h.pickers[len(h.pickers)-1].Update(enterKey())
	if do, ok := a.(dialogs.PluginDo); !ok || strings.Join(do.Args, " ") != "install hello@local-mkt" {
		t.Fatalf("Install: %#v", a)
	}
	results(t, h, answerOrFail(t, h, a))
	got := ran()
	if got[len(got)-3] != "plugin install hello@local-mkt --json" {
		t.Errorf("ran %q", got)
	}
	if v := lastPanel(t, h); !contains(v, "Successfully installed plugin: hello@local-mkt", "claude reloaded its", "(1 loaded)") {
		t.Errorf("panel after the install:\n%s", v)
	}
}

// Typed, a plugin command runs at once and says what claude answered; a failure says
// why and reloads nothing; anything else is refused with the usage.
func TestPluginTyped(t *testing.T) {
	h, _ := pluginSession(t)
	c, _ := Lookup("plugin")
	results(t, h, c.Run(h, "install nope"))
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], `warn: /plugin: Plugin "nope" not found`) {
		t.Errorf("failed install: %q", h.notices)
	}
	h.notices = nil
	results(t, h, c.Run(h, "install hello@local-mkt"))
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "claude reloaded its plugins") {
		t.Errorf("install: %q", h.notices)
	}
	h.notices = nil
	if c.Run(h, "frobnicate x") != nil || len(h.notices) != 1 || !strings.Contains(h.notices[0], "usage: /plugin") {
		t.Errorf("unknown verb: %q", h.notices)
	}
	h.notices = nil
	results(t, h, c.Run(h, "marketplace list"))
	if len(h.notices) != 0 || !contains(lastPanel(t, h), "marketplace local-mkt") {
		t.Errorf("/plugin marketplace list: %q", h.notices)
	}
	h = &fakeSession{}
	if c.Run(h, "") != nil || len(h.notices) != 1 || !strings.Contains(h.notices[0], "not available here") {
		t.Errorf("without this machine's claude: %q", h.notices)
	}
}

func answerOrFail(t *testing.T, h *fakeSession, a dialogs.Action) tea.Cmd {
	t.Helper()
	cmd, ok := Answer(h, a)
	if !ok {
		t.Fatalf("no command took %#v", a)
	}
	return cmd
}

func keyText(s string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: []rune(s)[0], Text: s} }
