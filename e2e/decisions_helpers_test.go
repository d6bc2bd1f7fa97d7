package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// sedEditor writes an "editor" for $VISUAL into the test's temporary directory: a
// script that applies the sed expression to the file it is given and exits.
func sedEditor(t *testing.T, expr string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "editor.sh")
	script := fmt.Sprintf("#!/bin/sh\nexec sed -i -e %s \"$1\"\n", shellQuote(expr))
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// shellQuote quotes s for /bin/sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// chooseLabel picks the dialog choice whose label starts with label, once the dialog
// takes keys.
func (a *app) chooseLabel(label string) {
	a.t.Helper()
	screen := a.WaitFor(reArmed, waitTimeout)
	a.choose(a.choiceNumber(screen, label))
}

// selectLabel selects the choice whose label starts with label, once the dialog takes
// keys, and waits until the selection shows. Only a choice that opens a text field
// stays selected: a number key on any other choice answers at once.
func (a *app) selectLabel(label string) {
	a.t.Helper()
	screen := a.WaitFor(reArmed, waitTimeout)
	n := a.choiceNumber(screen, label)
	a.SendKeys(fmt.Sprint(n))
	a.WaitFor(regexp.MustCompile(fmt.Sprintf(`❯ %d\. %s`, n, regexp.QuoteMeta(label))), waitTimeout)
}

// waitToolResult waits for a conversation request whose last user message carries a
// tool_result that ok accepts, and returns that tool_result.
func (a *app) waitToolResult(what string, ok func(fakeapi.Content) bool) fakeapi.Content {
	a.t.Helper()
	var found fakeapi.Content
	a.waitRequest(what, func(r fakeapi.Request) bool {
		if r.Kind != fakeapi.KindConversation {
			return false
		}
		for _, c := range r.ToolResults() {
			if ok(c) {
				found = c
				return true
			}
		}
		return false
	})
	return found
}

// resultContains accepts a tool_result whose text contains s.
func resultContains(s string) func(fakeapi.Content) bool {
	return func(c fakeapi.Content) bool { return strings.Contains(c.ResultText(), s) }
}

// noFile fails the test when the project file exists.
func (a *app) noFile(name, why string) {
	a.t.Helper()
	if _, err := os.Stat(a.rig.Path(name)); err == nil {
		a.t.Errorf("%s exists: %s", name, why)
	}
}

// waitLogMatch waits until a debug-log line matches re and returns it.
func (a *app) waitLogMatch(re *regexp.Regexp) string {
	a.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		for _, l := range strings.Split(a.debugLog(), "\n") {
			if re.MatchString(l) {
				return l
			}
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("waited %s for a debug-log line matching /%s/; screen:\n%s", waitTimeout, re, frameScreen(a.Capture()))
		}
		time.Sleep(pollEvery)
	}
}

// readFile reads a project file.
func (a *app) readFile(name string) (string, error) {
	b, err := os.ReadFile(a.rig.Path(name))
	return string(b), err
}
