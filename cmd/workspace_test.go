package cmd

import (
	"path/filepath"
	"testing"

	"github.com/gclaude/gclaude/internal/workspacefile"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui"
)

// gclaude starts the launch session's claude before the screen only when that session
// is the one shown: a restored workspace whose saved front is another session starts
// that one's claude alone (found by the e2e test of a restart after kill -9).
func TestLaunchShownOnlyWhenTheLaunchSessionIsInFront(t *testing.T) {
	state, home := t.TempDir(), t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	cwd, sub := t.TempDir(), t.TempDir()
	tests := []struct {
		name  string
		saved *workspacefile.Workspace
		want  bool
	}{
		{"nothing saved", nil, true},
		{"the launch folder in front", &workspacefile.Workspace{Front: 0, Sessions: []workspacefile.Session{{Dir: cwd}, {Dir: sub}}}, true},
		{"another session in front", &workspacefile.Workspace{Front: 1, Sessions: []workspacefile.Session{{Dir: cwd}, {Dir: sub}}}, false},
		{"no session of the launch folder", &workspacefile.Workspace{Front: 0, Sessions: []workspacefile.Session{{Dir: sub}, {Dir: sub}}}, false},
		{"a front out of range", &workspacefile.Workspace{Front: 5, Sessions: []workspacefile.Session{{Dir: sub}, {Dir: cwd}}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, err := workspacefile.Path(cwd, func(k string) string { return map[string]string{"XDG_STATE_HOME": state}[k] })
			if err != nil || filepath.Dir(filepath.Dir(filepath.Dir(path))) != state {
				t.Fatalf("path %s, %v: want it under %s", path, err, state)
			}
			if tt.saved != nil {
				tt.saved.Root = cwd
				if err := workspacefile.Save(path, *tt.saved); err != nil {
					t.Fatal(err)
				}
			}
			var base process.Options
			var resume ui.ResumeOptions
			w := loadWorkspace(&sessionFlags{}, cwd, home, "", &base, &resume)
			if got := w.launchShown(); got != tt.want {
				t.Errorf("launchShown = %v, want %v (restore %d, launch %d, front %d)", got, tt.want, len(w.opts.Restore), w.opts.Launch, w.opts.Front)
			}
		})
	}
}
