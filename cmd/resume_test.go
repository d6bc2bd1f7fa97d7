package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui"
)

// sessionFixtures holds session files the real CLI wrote; compact is the newest but
// two (branched, damaged), which are newer still.
var sessionFixtures = filepath.Join("..", "testdata", "sessions")

func TestLaunchResume(t *testing.T) {
	empty := t.TempDir()
	tests := []struct {
		args []string
		dir  string
		want ui.ResumeOptions
		// what claude is started with
		resume     string
		cont, fork bool
	}{
		{nil, sessionFixtures, ui.ResumeOptions{}, "", false, false},
		{[]string{"-r", "compact"}, sessionFixtures, ui.ResumeOptions{ID: "compact"}, "compact", false, false},
		{[]string{"-r", "compact", "--fork-session"}, sessionFixtures, ui.ResumeOptions{ID: "compact", Fork: true}, "compact", false, true},
		// A unique prefix names a conversation; what names none is never given to
		// claude (it would exit with errors about --print): the UI offers a pick.
		{[]string{"-r", "tool"}, sessionFixtures, ui.ResumeOptions{ID: "tools"}, "tools", false, false},
		{[]string{"-r", "nosuchid"}, sessionFixtures, ui.ResumeOptions{Pick: true, Query: "nosuchid"}, "", false, false},
		{[]string{"-r", "nosuchid", "--fork-session"}, empty, ui.ResumeOptions{Pick: true, Fork: true, Query: "nosuchid"}, "", false, false},
		{[]string{"-r"}, sessionFixtures, ui.ResumeOptions{Pick: true}, "", false, false},
		{[]string{"-r", "--fork-session"}, sessionFixtures, ui.ResumeOptions{Pick: true, Fork: true}, "", false, false},
		{[]string{"-c"}, sessionFixtures, ui.ResumeOptions{ID: "branched"}, "branched", false, false},
		{[]string{"-r", "latest", "--fork-session"}, sessionFixtures, ui.ResumeOptions{ID: "branched", Fork: true}, "branched", false, true},
		{[]string{"-c", "--fork-session"}, empty, ui.ResumeOptions{NothingToContinue: true}, "", false, false},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.dir)+" "+strings.Join(tt.args, " "), func(t *testing.T) {
			f, _, extra := parse(t, tt.args...)
			if err := f.validate(); err != nil {
				t.Fatal(err)
			}
			o := f.options("/bin/claude", "/proj", extra)
			got := launchResume(&f, &o, tt.dir)
			if got != tt.want {
				t.Errorf("ui gets %+v, want %+v", got, tt.want)
			}
			if o.Resume != tt.resume || o.Continue != tt.cont || o.ForkSession != tt.fork {
				t.Errorf("claude gets resume %q continue %v fork %v, want %q %v %v", o.Resume, o.Continue, o.ForkSession, tt.resume, tt.cont, tt.fork)
			}
		})
	}
	// -c picks what sessionfiles.Latest says --continue means.
	latest, ok, _ := sessionfiles.Latest(sessionFixtures)
	if !ok || latest.ID != "branched" {
		t.Fatalf("the newest fixture is %q, the table says branched", latest.ID)
	}
}

func TestSessionFilesDir(t *testing.T) {
	cwd := t.TempDir()
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	want := sessionfiles.Dir("/home/u", cwd)
	if got := sessionFilesDir("/home/u", cwd, getenv); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	env["CLAUDE_CONFIG_DIR"] = "/cfg"
	if got := sessionFilesDir("/home/u", cwd, getenv); got != filepath.Join("/cfg", "projects", filepath.Base(want)) {
		t.Errorf("with CLAUDE_CONFIG_DIR: %q", got)
	}
}

func TestRestartForks(t *testing.T) {
	o := restartOptions(process.Options{Bin: "b"}, ui.StartRequest{Resume: "s", ForkSession: true})
	if o.Resume != "s" || !o.ForkSession || o.Continue {
		t.Fatalf("options %+v", o)
	}
}
