// Package e2e holds the end-to-end tests of the gclaude binary: each test builds (once
// per run) and starts the real gclaude in a detached tmux session on a private tmux
// server, with the pinned claude CLI talking to the scripted fake API (internal/clirig,
// fakeapi), and drives it with keys while reading the screen.
//
// The package has no code outside its tests. Run it with `make e2e` or
// `go test ./e2e`; GCLAUDE_SKIP_E2E=1 skips it. GCLAUDE_E2E_BIN=path tests that
// gclaude binary instead of building one from the checkout. When a test fails, the
// log shows its last screen and the end of gclaude's --debug-file.
package e2e
