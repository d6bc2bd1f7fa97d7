package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
)

// A typo of a command is refused with the closest name, and the model never sees it.
func TestE2EUnknownCommandRefused(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.Type("/stauts")
	a.WaitFor("/stauts", waitTimeout)
	a.SendKeys("Enter")
	screen := a.WaitFor("Did you mean /status?", waitTimeout)
	if !strings.Contains(a.line(screen, -4), "/stauts") {
		t.Errorf("the refused command left the input, to be typed again:\n%s", frameScreen(screen))
	}
	// A complete word the / menu matches only inside another name (compact) runs as
	// typed: refused, never the other command.
	a.SendKeys("C-u")
	a.Type("/ompact")
	a.WaitFor("/ompact", waitTimeout)
	a.SendKeys("Enter")
	screen = a.WaitFor("Did you mean /compact?", waitTimeout)
	if strings.Contains(screen, "Conversation compacted") || !strings.Contains(a.line(screen, -4), "/ompact") {
		t.Errorf("enter ran the menu's match instead of the word typed:\n%s", frameScreen(screen))
	}
	a.SendKeys("C-u")
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	if a.rig.API.AnyRequestContains("stauts") {
		t.Error("/stauts reached the model")
	}
}

// /status answers locally with the real CLI's version, the folder, the account and the
// MCP and settings rows.
func TestE2EStatus(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 40})
	a.waitReady()
	a.prompt("/status")
	screen := a.WaitFor("Settings", waitTimeout)
	version, err := clirig.Version(a.rig.Bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"claude           " + version, "Folder", "API key from ANTHROPIC_API_KEY", "MCP servers      none", "Permission mode  default"} {
		if !strings.Contains(screen, want) {
			t.Errorf("/status lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	if strings.Contains(screen, "isn't available") || len(a.rig.API.ConversationRequests()) != 0 {
		t.Errorf("/status went to claude:\n%s", frameScreen(screen))
	}
}

// /add-dir: a Read in a folder outside the project then runs without asking, and the
// folder is listed by /status.
func TestE2EAddDir(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "o.txt"), []byte("outside-secret-words\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	readOut := fakeapi.Scenario{Name: "read_outside", Steps: []fakeapi.Step{
		fakeapi.Reply(fakeapi.ToolUse("Read", map[string]any{"file_path": filepath.Join(outside, "o.txt")})),
		fakeapi.Reply(fakeapi.Text(fakeapi.TextToolDone + "{{tool_result}}")),
	}}
	a := startApp(t, appOptions{Width: 100, Height: 40, API: fakeapi.Config{Scenarios: []fakeapi.Scenario{readOut}}})
	a.waitReady()
	a.prompt("/add-dir " + outside)
	a.WaitFor("tools may use it from the next call on", waitTimeout)
	a.prompt("SCENARIO:read_outside read it")
	a.WaitFor(regexp.MustCompile(`Tool round finished\. Result: .*outside-secret-words`), waitTimeout)
	if n := a.countLog(logPermission); n != 0 {
		t.Errorf("%d permission requests for a read in an added folder", n)
	}
	a.prompt("/status")
	a.WaitFor(regexp.MustCompile(`Added folders +`+regexp.QuoteMeta(outside)), waitTimeout)

	// A new claude (/clear) gets the folder as --add-dir: still no question.
	a.prompt("/clear")
	a.waitLog("event ready", 2)
	a.prompt("SCENARIO:read_outside read it again")
	a.waitLog(logResult, 2)
	if n := a.countLog(logPermission); n != 0 {
		t.Errorf("%d permission requests after the restart", n)
	}
	a.WaitFor(regexp.MustCompile(`(?s)read it again.*outside-secret-words`), waitTimeout)
}

// "!cmd" runs in the project folder, shows its output, stops on esc, and the model
// gets the commands' input and output with the next prompt.
func TestE2EShellMode(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	a.prompt("!echo shell-mode-words; pwd; echo to-stderr >&2")
	a.WaitFor("to-stderr", waitTimeout)
	screen := a.WaitFor("shell-mode-words", waitTimeout)
	if !strings.Contains(screen, a.rig.Dir) {
		t.Errorf("the command did not run in the project folder:\n%s", frameScreen(screen))
	}
	a.prompt("!sleep 300")
	a.WaitFor("esc to interrupt", waitTimeout)
	a.SendKeys("Escape")
	a.WaitFor("Interrupted", waitTimeout)

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " what did you see")
	r := a.waitRequest("with the shell output", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && r.Contains("what did you see")
	})
	for _, want := range []string{
		"<bash-input>echo shell-mode-words; pwd; echo to-stderr >&2</bash-input>",
		"<bash-stdout>shell-mode-words\n" + a.rig.Dir + "</bash-stdout><bash-stderr>to-stderr</bash-stderr>",
		"<bash-input>sleep 300</bash-input>",
		"[Request interrupted by user]",
	} {
		if !strings.Contains(r.Text(), want) {
			t.Errorf("the model did not get %q:\n%s", want, r.Text())
		}
	}
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	if n := len(a.rig.API.ConversationRequests()); n != 1 {
		t.Errorf("%d model calls; the ! commands alone should make none", n)
	}
}

// /permissions deny writes the rule into .claude/settings.local.json (keeping what was
// there), the running CLI picks it up, and the next matching call is denied without a
// dialog; /permissions lists it with its file, and remove takes it away again.
func TestE2EPermissionsDenyRuleAppliesInSession(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Files: map[string]string{
		".claude/settings.local.json": "{\n\t\"env\": {\"KEEP\": \"me\"},\n\t\"permissions\": {\"allow\": [\"Bash(pwd)\"]}\n}\n",
	}})
	a.waitReady()
	a.prompt("/permissions deny Bash(touch:*)")
	a.WaitFor(regexp.MustCompile(`claude applies it\s+from now on`), waitTimeout)
	got, err := a.readFile(".claude/settings.local.json")
	if err != nil || !strings.Contains(got, `"KEEP": "me"`) || !strings.Contains(got, "\t\t\"deny\": [\n\t\t\t\"Bash(touch:*)\"") {
		t.Fatalf("settings file now (%v):\n%s", err, got)
	}

	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	a.waitToolResult("denied by the rule", resultContains("denied"))
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	if n := a.countLog(logPermission); n != 0 {
		t.Errorf("%d permission dialogs; the deny rule should answer", n)
	}
	a.noFile(fakeapi.FileTouched, "the deny rule should stop the command")

	a.prompt("/permissions list")
	a.WaitFor(regexp.MustCompile(`Bash\(touch:\*\)  · local .*settings\.local\.json`), waitTimeout)

	// The picker: filter, enter, confirm; the rule goes from the file and from claude.
	a.prompt("/permissions")
	a.WaitFor("Add a new deny rule…", waitTimeout) // the picker is open: keys go to it
	a.Type("touch")
	a.WaitFor(regexp.MustCompile(`deny +Bash\(touch:\*\)`), waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("Remove the deny rule Bash(touch:*)?", waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor(regexp.MustCompile(`claude no\s+longer\s+applies it`), waitTimeout)
	if got, _ := a.readFile(".claude/settings.local.json"); strings.Contains(got, "touch") || !strings.Contains(got, `"KEEP": "me"`) {
		t.Errorf("settings file after the removal:\n%s", got)
	}
}

// /memory lists the CLAUDE.md files and opens one in $EDITOR; the model reads the
// edited memory on the next prompt.
func TestE2EMemory(t *testing.T) {
	t.Parallel()
	editor := sedEditor(t, `s/old-memory-words/new-memory-words/`)
	a := startAppEnv(t, appOptions{Width: 120, Height: 40, Files: map[string]string{"CLAUDE.md": "# Notes\nold-memory-words\n"}},
		"VISUAL="+editor, "EDITOR="+editor)
	a.waitReady()
	a.prompt("/memory")
	screen := a.WaitFor(regexp.MustCompile(`2\. project .*/CLAUDE\.md  · 2 lines`), waitTimeout)
	if !strings.Contains(screen, "1. user    ~/.claude/CLAUDE.md  · not created yet") || !strings.Contains(screen, "CLAUDE.local.md") {
		t.Errorf("/memory list:\n%s", frameScreen(screen))
	}
	a.prompt("/memory 2")
	a.WaitFor("Memory saved", waitTimeout)
	if got, _ := a.readFile("CLAUDE.md"); !strings.Contains(got, "new-memory-words") {
		t.Fatalf("CLAUDE.md after the editor:\n%s", got)
	}
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	// claude reads memory when it starts: gclaude restarted it, so the model has the edit.
	r, _ := a.rig.API.LastMainRequest()
	if !r.Contains("new-memory-words") || r.Contains("old-memory-words") {
		t.Errorf("the model got the old memory (new %v, old %v)", r.Contains("new-memory-words"), r.Contains("old-memory-words"))
	}
}

// /rewind (esc esc) against the real CLI: the file the second prompt wrote is removed (from the
// CLI's checkpoints), the conversation continues from the first answer, and the
// second prompt is back in the editor.
func TestE2ERewindCodeAndConversation(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: []string{"--permission-mode", "acceptEdits"}})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " first-turn-words")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)
	const second = "SCENARIO:" + fakeapi.ScenarioWriteNew + " second-turn-words"
	a.prompt(second)
	a.waitFile(fakeapi.FileNew)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	a.waitLog(logResult, 2)

	// esc twice on the empty prompt opens it, as /rewind does.
	a.SendKeys("Escape")
	time.Sleep(100 * time.Millisecond) // two keys, not one alt+esc
	a.SendKeys("Escape")
	a.WaitFor("Rewind: go back to before which prompt?", waitTimeout)
	a.SendKeys("Enter") // the newest prompt
	a.WaitFor(regexp.MustCompile(`1 file \(`+regexp.QuoteMeta(fakeapi.FileNew)+`\) \+0 −2`), waitTimeout)
	a.SendKeys("Enter") // restore code and conversation
	a.WaitFor("Files restored", waitTimeout)
	a.noFile(fakeapi.FileNew, "rewinding the code should remove the file the second prompt wrote")
	a.WaitFor(regexp.MustCompile(`❯ SCENARIO:write_new second-turn-words\s*│`), waitTimeout) // back in the editor
	a.waitLog("event ready", 2)                                                              // claude restarted at the first answer

	// A new prompt in place of the second: the model sees the first turn only.
	a.SendKeys("C-c") // clears the draft
	a.WaitFor("Ask claude…", waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " after-rewind-words")
	r := a.waitRequest("after the rewind", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && r.Contains("after-rewind-words")
	})
	if !r.Contains("first-turn-words") || r.Contains("second-turn-words") {
		t.Errorf("after the rewind the model got first turn %v, second turn %v", r.Contains("first-turn-words"), r.Contains("second-turn-words"))
	}
}

// After `gclaude -c`, the first new prompt can be rewound: claude restarts at the end
// of the resumed history, which the model still gets.
func TestE2ERewindAfterResume(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " first-turn-words")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)
	a.quit()

	b := a.relaunch("-c")
	b.WaitFor("resumed", waitTimeout)
	b.prompt("SCENARIO:" + fakeapi.ScenarioText + " second-turn-words")
	b.waitLog(logResult, 1)
	b.prompt("/rewind")
	b.WaitFor("Rewind: go back to before which prompt?", waitTimeout)
	b.SendKeys("Enter")
	b.WaitFor("no file changed since then", waitTimeout)
	b.SendKeys("Enter") // Restore conversation
	b.WaitFor("restarting claude there", waitTimeout)
	b.waitLog("event ready", 2)
	b.SendKeys("C-c") // the rewound prompt is back in the editor: clear it
	b.WaitFor("Ask claude…", waitTimeout)
	b.prompt("SCENARIO:" + fakeapi.ScenarioText + " after-rewind-words")
	r := b.waitRequest("after the rewind", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && r.Contains("after-rewind-words")
	})
	if !r.Contains("first-turn-words") || r.Contains("second-turn-words") {
		t.Errorf("after the rewind the model got the resumed turn %v, the rewound one %v", r.Contains("first-turn-words"), r.Contains("second-turn-words"))
	}
}

// /rewind to a prompt from before a /compact: the code and the conversation go back
// together and claude keeps running; the model then sees the first turn, not the
// compaction's summary of the rewound edit.
func TestE2ERewindAcrossCompact(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: []string{"--permission-mode", "acceptEdits"}})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " first-turn-words")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)
	a.prompt("SCENARIO:" + fakeapi.ScenarioWriteNew + " second-turn-words")
	a.waitFile(fakeapi.FileNew)
	a.waitLog(logResult, 2)
	a.prompt("/compact")
	a.waitLog(logResult, 3)
	a.WaitFor("Conversation compacted", waitTimeout)

	a.prompt("/rewind")
	a.WaitFor("Rewind: go back to before which prompt?", waitTimeout)
	a.SendKeys("Down") // past /compact: the write, before the compaction
	a.SendKeys("Enter")
	a.WaitFor(regexp.MustCompile(`1 file \(`+regexp.QuoteMeta(fakeapi.FileNew)+`\) \+0 −2`), waitTimeout)
	a.SendKeys("Enter") // restore code and conversation
	a.WaitFor("Files restored", waitTimeout)
	a.noFile(fakeapi.FileNew, "rewinding the code should remove the file the second prompt wrote")
	a.waitLog("event ready", 2)
	screen := a.WaitFor(regexp.MustCompile(`❯ SCENARIO:write_new second-turn-words\s*│`), waitTimeout)
	if strings.Contains(screen, "exited with code") {
		t.Fatalf("claude died on the rewind:\n%s", frameScreen(screen))
	}
	a.SendKeys("C-c")
	a.WaitFor("Ask claude…", waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " after-rewind-words")
	r := a.waitRequest("after the rewind", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && r.Contains("after-rewind-words")
	})
	if !r.Contains("first-turn-words") || r.Contains("second-turn-words") || r.Contains("This session is being continued") {
		t.Errorf("after the rewind the model got first turn %v, second turn %v, the compaction summary %v",
			r.Contains("first-turn-words"), r.Contains("second-turn-words"), r.Contains("This session is being continued"))
	}
}

// A Read of a whole 6-line file says "Read 6 lines", as Claude Code does, though the
// CLI counts the empty line after the last newline (numLines 7).
func TestE2EReadCountsTheFilesLines(t *testing.T) {
	t.Parallel()
	read := fakeapi.Scenario{Name: "read_six", Steps: []fakeapi.Step{
		fakeapi.Reply(fakeapi.ToolUse("Read", map[string]any{"file_path": "six.txt"})),
		fakeapi.Reply(fakeapi.Text(fakeapi.TextToolDone + "{{tool_result}}")),
	}}
	a := startApp(t, appOptions{Width: 100, Height: 30, API: fakeapi.Config{Scenarios: []fakeapi.Scenario{read}},
		Files: map[string]string{"six.txt": "one\ntwo\nthree\nfour\nfive\nsix\n"}})
	a.waitReady()
	a.prompt("SCENARIO:read_six go")
	screen := a.WaitFor("⎿  Read ", waitTimeout)
	if !strings.Contains(screen, "⎿  Read 6 lines") {
		t.Errorf("want Read 6 lines:\n%s", frameScreen(screen))
	}
}
