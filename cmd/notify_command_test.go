package cmd

import (
	"os"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/ui"
)

// --notify-command, else $GCLAUDE_NOTIFY_COMMAND, reaches the options of every claude
// the run starts (the launch's, and restarts and other sessions through
// restartOptions), where a start on the session server hands it to the server.
func TestNotifyCommandSetting(t *testing.T) {
	const fromEnv = `ntfy publish mytopic "$GCLAUDE_NOTIFY_TEXT"`
	t.Setenv(notifyCommandEnv, "")
	if f, _, _ := parse(t); f.options("c", "/p", nil).NotifyCommand != "" {
		t.Fatal("a notify command with neither the flag nor the variable")
	}
	t.Setenv(notifyCommandEnv, fromEnv)
	f, _, _ := parse(t)
	base := f.options("c", "/p", nil)
	if base.NotifyCommand != fromEnv {
		t.Fatalf("from $%s: %q", notifyCommandEnv, base.NotifyCommand)
	}
	for _, req := range []ui.StartRequest{{}, {Resume: "s"}, {Dir: "/other"}} {
		if o := restartOptions(base, req); o.NotifyCommand != fromEnv {
			t.Errorf("restart %+v loses it: %q", req, o.NotifyCommand)
		}
	}
	f, _, _ = parse(t, "--notify-command", `notify-send gclaude "$1"`)
	if got := f.options("c", "/p", nil).NotifyCommand; got != `notify-send gclaude "$1"` {
		t.Fatalf("the flag does not win over the variable: %q", got)
	}
	f, _, _ = parse(t, "--notify-command=")
	if got := f.options("c", "/p", nil).NotifyCommand; got != "" {
		t.Fatalf("an empty flag does not turn it off: %q", got)
	}
}

// A notify command that could never run is refused at launch, saying why, rather
// than failing later in the server's log; sh reads it without running it.
func TestNotifyCommandValidation(t *testing.T) {
	t.Setenv(notifyCommandEnv, "")
	marker := t.TempDir() + "/ran"
	for _, tt := range []struct {
		command string
		want    string // "" when accepted
	}{
		{`notify-send gclaude "$1"`, ""},
		{"curl -d \"$GCLAUDE_NOTIFY_TEXT\" ntfy.sh/topic\necho sent", ""},
		{"touch " + marker, ""},
		{`notify-send "$1`, "not a valid sh command"},
		{"echo \x1b[31m (", "not a valid sh command"},
		{" \t\n", "blank"},
	} {
		f, _, _ := parse(t, "--notify-command", tt.command)
		err := f.validate()
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "--notify-command: ")) {
			t.Errorf("%q: validate = %v, want %q", tt.command, err, tt.want)
		}
		if err != nil && strings.ContainsRune(err.Error(), 0x1b) {
			t.Errorf("%q: the error holds a raw escape: %q", tt.command, err)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("checking the command ran it")
	}
	t.Setenv(notifyCommandEnv, `notify-send "$1`)
	if f, _, _ := parse(t); f.validate() == nil {
		t.Error("a broken $GCLAUDE_NOTIFY_COMMAND is accepted")
	}
}
