package e2e

import (
	"strings"
	"testing"
)

// `gclaude --resume nosuchid` in a folder without conversations says so plainly and
// goes on as a new conversation: claude is never started with an id it cannot resume,
// so none of its errors about --print (a flag the user never typed) show.
func TestE2EResumeUnknownID(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Args: []string{"--resume", "nosuchid"}})
	a.WaitFor(`no conversation matches "nosuchid" in this folder: this is a new one`, waitTimeout)
	screen := a.WaitGone(textStarting, waitTimeout)
	for _, bad := range []string{"--print", "claude -p", "exited"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the screen shows %q:\n%s", bad, frameScreen(screen))
		}
	}
	a.quit()
}
