package demo

import "github.com/gclaude/gclaude/internal/clienv"

// fakeAPIKey is the key the CLI is given; the fake API accepts any key.
const fakeAPIKey = "sk-demo-fake"

// sandboxEnv is the CLI's complete environment: parent without anything that could
// reach a real endpoint or account, plus a throwaway HOME, TMPDIR and XDG directories
// and the fake API. A scripted API never fails by accident; one retry keeps a real
// fault short.
func sandboxEnv(parent []string, sb *sandbox, apiURL string) []string {
	return clienv.Sandboxed(parent, clienv.Spec{
		Home:       sb.home,
		Dir:        sb.project,
		Tmp:        sb.tmp,
		APIURL:     apiURL,
		APIKey:     fakeAPIKey,
		MaxRetries: 1,
	})
}
