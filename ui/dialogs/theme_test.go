package dialogs

import (
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// A theme switch through the shared Ref redraws an open dialog, its typed feedback
// field included, exactly as a dialog opened under the new theme.
func TestThemeSwitchRestylesOpenDialogAndField(t *testing.T) {
	build := func(kind themes.Kind) (Dialog, Env) {
		c := newClock()
		env := testEnv(c)
		env.Theme = themes.NewRef(themes.New(kind))
		d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, env), c)
		press(t, d, "5")
		typeText(d, "use yarn")
		return d, env
	}
	d, env := build(themes.Dark)
	dark := d.View(80, 24)
	env.Theme.Set(themes.New(themes.Light))
	want, _ := build(themes.Light)
	if got := d.View(80, 24); got != want.View(80, 24) {
		t.Errorf("after the switch:\n%q\nwant\n%q", got, want.View(80, 24))
	}
	if dark == want.View(80, 24) {
		t.Error("dark and light render the same: the test shows nothing")
	}
}
