package e2e

import (
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// A prompt that @mentions a file says that claude read it, as Claude Code does: the CLI
// reads it into the prompt without a word on stdout.
func TestE2EMentionShowsRead(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Files: map[string]string{"notes.md": "one\ntwo\nthree\n"}})
	a.waitReady()
	a.prompt("look at @notes.md please")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.WaitFor("Read notes.md (3 lines)", waitTimeout)
}
