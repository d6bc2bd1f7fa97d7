package e2e

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

const scenarioLiteral = "literal_text"

// literalAnswer quotes what markdown reads as HTML: issue 27 saw "run  then
// and a tag" and "Vec" on the screen.
const literalAnswer = "Issue text: run <file> then <style> and a <b>tag</b>.\n\n" +
	"Generics: Map<String, Integer> or Vec<T>; &lt;b&gt; stays.\n\n" +
	"<div class=\"card\">\n  <p>Hi</p>\n</div>\n\nEnd of answer."

// TestE2ELiteralText: an answer's tags, generics, entity references and
// HTML block are on screen as written, full-screen and inline, and so is the
// real CLI's own usage line (Usage: /output-style <style>).
func TestE2ELiteralText(t *testing.T) {
	t.Parallel()
	scenario := fakeapi.Scenario{Name: scenarioLiteral, Steps: []fakeapi.Step{fakeapi.Reply(fakeapi.Text(literalAnswer))}}
	wants := []string{"Issue text: run <file> then <style> and a <b>tag</b>.",
		"Generics: Map<String, Integer> or Vec<T>; &lt;b&gt; stays.", `<div class="card">`, "  <p>Hi</p>", "</div>"}
	for _, mode := range []string{"fullscreen", "inline"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			a := startApp(t, appOptions{Width: 100, Height: 30, Args: []string{"--tui", mode},
				API: fakeapi.Config{Scenarios: []fakeapi.Scenario{scenario}}})
			a.waitReady()
			a.prompt("SCENARIO:" + scenarioLiteral + " show it")
			screen := a.WaitFor("End of answer.", waitTimeout)
			for _, w := range wants {
				if !strings.Contains(screen, w) {
					t.Errorf("the screen lacks %q:\n%s", w, frameScreen(screen))
				}
			}
			a.prompt("/output-style")
			a.WaitFor("Usage: /output-style <style>", waitTimeout)
		})
	}
}
