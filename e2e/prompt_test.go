package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
)

// startAppEnv is startApp with extra environment (KEY=VALUE) for gclaude and claude.
func startAppEnv(t *testing.T, o appOptions, env ...string) *app {
	t.Helper()
	rig := clirig.New(t, clirig.Options{API: o.API, Files: o.Files, Env: env})
	if o.Width == 0 {
		o.Width, o.Height = 80, 24
	}
	a := &app{t: t, rig: rig, debug: filepath.Join(t.TempDir(), "debug.log"), width: o.Width, hgt: o.Height}
	argv := append([]string{gclaudeBinary(t), "--claude-bin", rig.Bin, "--debug-file", a.debug}, o.Args...)
	a.term = startTerm(t, termOptions{Width: o.Width, Height: o.Height, Dir: rig.Dir, Env: appEnv(rig), Argv: argv})
	t.Cleanup(a.cleanup)
	return a
}

// paste pastes text as the terminal does on a paste: bracketed, since gclaude asks
// for bracketed paste.
func (a *app) paste(text string) {
	a.t.Helper()
	if _, err := a.tmux("set-buffer", "-b", "e2e", "--", text); err != nil {
		a.t.Fatal(err)
	}
	if _, err := a.tmux("paste-buffer", "-p", "-d", "-b", "e2e", "-t", sessionName); err != nil {
		a.t.Fatal(err)
	}
}

// draftLine is the editor's first text row on a screen ("" if none is found).
func draftLine(screen string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.HasPrefix(l, "│❯ ") {
			return strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(l, "│❯ "), "│"))
		}
	}
	return ""
}

// waitDraft waits until the editor's first row is want.
func (a *app) waitDraft(want string) {
	a.t.Helper()
	a.waitScreen(func(s string) bool { return draftLine(s) == want }, "for the draft "+want, waitTimeout)
}

// pngBytes is enough of a PNG for content sniffing.
const pngBytes = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00"

// The prompt's tools work in a real terminal: ctrl+r finds an earlier prompt, ctrl+g
// edits the draft in $VISUAL, @ completes project paths, and a pasted image path
// becomes an image the model receives.
func TestE2EPromptTools(t *testing.T) {
	t.Parallel()
	editor := filepath.Join(t.TempDir(), "editor.sh")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\nprintf 'written in the editor' > \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	a := startAppEnv(t, appOptions{Width: 100, Height: 30, Files: map[string]string{
		"docs/guide.md": "# Guide\n", "main.go": "package main\n", "shots/screen.png": pngBytes,
	}}, "VISUAL="+editor)
	a.waitReady()

	// ctrl+r: the newest earlier prompt with the query.
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " first words")
	a.WaitFor("Hello from the fake API.", waitTimeout)
	a.waitLog(logResult, 1)
	a.SendKeys("C-r")
	a.Type("first")
	a.WaitFor("search history: first", waitTimeout)
	a.waitDraft("SCENARIO:text first words")
	a.SendKeys("Escape") // back to the draft before the search: empty
	a.waitDraft("Ask claude… (/ for commands, ? for help)")

	// ctrl+g: the editor's text becomes the draft.
	a.Type("draft")
	a.waitDraft("draft")
	a.SendKeys("C-g")
	a.waitDraft("written in the editor")
	a.SendKeys("C-u") // not ctrl+c: twice within two seconds would quit
	a.waitDraft("Ask claude… (/ for commands, ? for help)")

	// @: fuzzy completion of the project's paths, with the match highlighted.
	a.Type("read @guid")
	a.WaitFor("❯ @docs/guide.md", waitTimeout)
	a.SendKeys("Tab")
	a.waitDraft("read @docs/guide.md")
	a.SendKeys("C-u")
	a.waitDraft("Ask claude… (/ for commands, ? for help)")

	// A pasted image path becomes a chip, and an image block in the request.
	a.Type("what is ")
	a.paste(a.rig.Path("shots/screen.png"))
	a.waitDraft("what is [image 1]")
	a.Type("SCENARIO:" + fakeapi.ScenarioText)
	a.waitDraft("what is [image 1] SCENARIO:text")
	a.SendKeys("Enter")
	req := a.waitRequest("with the image", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, "what is [image 1]")
	})
	last := req.Messages[len(req.Messages)-1]
	images := 0
	for _, c := range last.Content {
		if c.Type == "image" {
			images++
		}
	}
	if last.Role != "user" || images != 1 {
		t.Errorf("the last message should be the prompt with one image: %+v", last)
	}
}

// The session commands against the real CLI: /rename puts the title in the bar,
// /context and /cost show the CLI's figures, /export writes the conversation.
func TestE2ESessionCommands(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
	a.WaitFor("Hello from the fake API.", waitTimeout)
	a.waitLog(logResult, 1)

	a.prompt("/rename Bird watching")
	a.waitStatus("Bird watching")

	a.prompt("/context")
	screen := a.WaitFor("Context window", waitTimeout)
	if !regexp.MustCompile(`System prompt +[\d.]+k`).MatchString(screen) {
		t.Errorf("/context shows no categories:\n%s", frameScreen(screen))
	}

	a.prompt("/cost")
	screen = a.WaitFor("Cost of this claude session", waitTimeout)
	if !strings.Contains(screen, "Total duration (API):") {
		t.Errorf("/cost shows no figures:\n%s", frameScreen(screen))
	}

	a.prompt("/export talk.md")
	a.WaitFor("conversation exported to", waitTimeout)
	data, err := os.ReadFile(a.rig.Path("talk.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "## You\n\nSCENARIO:text hello") || !strings.Contains(string(data), "Hello from the fake API.") {
		t.Errorf("export:\n%s", data)
	}
}
