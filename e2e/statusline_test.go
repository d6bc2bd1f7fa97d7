package e2e

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// statusLineScript prints fields of the JSON Claude Code gives a status line on stdin,
// with sed only: the model, the cost, whether the transcript path names the session
// file, and the folder it runs in.
const statusLineScript = `input=$(cat)
field() { printf '%s' "$input" | sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"; }
tp=$(field transcript_path)
if [ -f "$tp" ]; then file=yes; else file=no; fi
echo "SL model=$(field id) cost=$(field total_cost_usd) file=$file dir=$(basename "$(pwd)")"
`

// A statusLine from the settings runs with the session's JSON and shows under the
// prompt; it follows the conversation: the cost after a turn.
func TestE2EStatusLine(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Files: map[string]string{
		"statusline.sh": statusLineScript,
		// The local settings override the project's, as in Claude Code.
		".claude/settings.json":       `{"statusLine": {"type": "command", "command": "echo PROJECT-LINE"}}`,
		".claude/settings.local.json": `{"statusLine": {"type": "command", "command": "sh statusline.sh", "padding": 1}}`,
	}})
	a.waitReady()
	lineUnderPrompt := func(s string) string { return a.line(s, -3) }
	screen := a.waitScreen(func(s string) bool { return strings.Contains(lineUnderPrompt(s), "SL model=claude-") },
		"for the status line under the prompt", waitTimeout)
	line := lineUnderPrompt(screen)
	if !strings.Contains(line, " cost=0 ") || !strings.Contains(line, "file=no") || strings.Contains(screen, "PROJECT-LINE") {
		t.Errorf("status line before any turn: %q\n%s", line, frameScreen(screen))
	}
	model := regexp.MustCompile(`model=(\S+)`).FindStringSubmatch(line)[1]
	if !strings.Contains(a.statusBar(screen), model) {
		t.Errorf("the status line's model %q is not the status bar's: %q", model, a.statusBar(screen))
	}
	if dir := "dir=" + lastPathPart(a.rig.Dir); !strings.Contains(line, dir) {
		t.Errorf("the command did not run in the project folder (%s): %q", dir, line)
	}

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	cost := regexp.MustCompile(`cost=0\.\d*[1-9]`)
	screen = a.waitScreen(func(s string) bool { return cost.MatchString(lineUnderPrompt(s)) },
		"for the status line to show the turn's cost", waitTimeout)
	if line := lineUnderPrompt(screen); !strings.Contains(line, "file=yes") || !strings.HasPrefix(line, " SL") {
		t.Errorf("after a turn: %q (want the session file and the padding)\n%s", line, frameScreen(screen))
	}
}

func lastPathPart(p string) string { return p[strings.LastIndex(p, "/")+1:] }
