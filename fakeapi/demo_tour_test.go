package fakeapi

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func TestDemoTopic(t *testing.T) {
	tests := []struct{ prompt, want string }{
		{"1", DemoMarkdown},
		{" 2\n", DemoCommand},
		{"3.", DemoEdit},
		{"4", DemoPlan},
		{"5", DemoAsk},
		{"6", DemoSubagent},
		{"7", DemoSessions},
		{"8", ""},
		{"several sessions", DemoSessions},
		{"0", ""},
		{"show markdown", DemoMarkdown},
		{"Run a command", DemoCommand},
		{"edit a file", DemoEdit},
		{"make a plan", DemoPlan},
		{"ask me", DemoAsk},
		{"use a subagent", DemoSubagent},
		{"step 4 please", DemoPlan},
		{"ask me 3 questions", DemoAsk}, // a word beats a number inside a sentence
		{"what is a task?", ""},         // "ask" only as a whole word
		{"explain this", ""},            // "plan" only as a whole word
		{"hi", ""},
		{"", ""},
		{"12", ""},
	}
	for _, tc := range tests {
		if got := DemoTopic(tc.prompt); got != tc.want {
			t.Errorf("DemoTopic(%q) = %q, want %q", tc.prompt, got, tc.want)
		}
	}
}

// nextHint is how every tour reply tells the user what to type next.
var nextHint = regexp.MustCompile(`(?i)typ(e|ing) \*\*\w+\*\*`)

func TestDemoTourScenarios(t *testing.T) {
	builtin := map[string]bool{}
	for _, sc := range Builtin() {
		builtin[sc.Name] = true
	}
	seen := map[string]bool{}
	for _, sc := range DemoTour(DemoTourOptions{}) {
		if builtin[sc.Name] || seen[sc.Name] {
			t.Errorf("scenario name %q is taken", sc.Name)
		}
		seen[sc.Name] = true
		if sc.Name == DemoSurvey {
			continue // the subagent's script: the user never reads its last text
		}
		last := sc.Steps[len(sc.Steps)-1]
		if len(last.Blocks) == 0 || last.Blocks[len(last.Blocks)-1].Type != BlockText {
			t.Errorf("%s: the last step does not end with text", sc.Name)
			continue
		}
		text := last.Blocks[len(last.Blocks)-1].Text
		if !nextHint.MatchString(text) {
			t.Errorf("%s: the last reply does not say what to type next:\n%s", sc.Name, text)
		}
		if strings.Contains(text, "‵") {
			t.Errorf("%s: a ‵ was not turned into a backtick", sc.Name)
		}
	}
}

// TestDemoEditAppliesToTheProject checks that the tour's Edit finds what it replaces,
// both ways, so the step can be repeated.
func TestDemoEditAppliesToTheProject(t *testing.T) {
	orig := DemoProject()[DemoEditFile]
	if n := strings.Count(orig, DemoEditOld); n != 1 {
		t.Fatalf("%s holds DemoEditOld %d times, want 1", DemoEditFile, n)
	}
	edited := strings.Replace(orig, DemoEditOld, DemoEditNew, 1)
	if n := strings.Count(edited, DemoEditNew); n != 1 {
		t.Fatalf("edited %s holds DemoEditNew %d times, want 1", DemoEditFile, n)
	}
	for _, back := range []bool{false, true} {
		edit := demoEditSteps(back)[1].Blocks[1]
		in := edit.Input.(map[string]any)
		file := orig
		if back {
			file = edited
		}
		if n := strings.Count(file, in["old_string"].(string)); n != 1 {
			t.Errorf("back=%v: old_string occurs %d times in the file, want 1", back, n)
		}
	}
}

func TestDemoTourSelection(t *testing.T) {
	edited := false
	s := newServer(t, Config{Default: DemoMenu, Scenarios: DemoTour(DemoTourOptions{Edited: func() bool { return edited }})})
	tests := []struct {
		prompt    string
		edited    bool
		want      string
		wantReply string
	}{
		{"hello", false, DemoMenu, "Welcome to the gclaude tour"},
		{"1", false, DemoMarkdown, "Markdown, rendered as it streams"},
		{"run a command", false, DemoCommand, "ls -la"},
		{"3", false, DemoEdit, "has a TODO"},
		{"3", true, DemoEditBack, "still has the edit"},
		{"make a plan", false, DemoPlan, "EnterPlanMode"},
		{"5", false, DemoAsk, "AskUserQuestion"},
		{"6", false, DemoSubagent, DemoSurveyPrompt + " in /home/dev/project"},
		{DemoSurveyPrompt + " in /home/dev/project: count its lines of Go, and plan.", false, DemoSurvey, "wc -l"},
		// What CLI 2.1.328 sends after /compact when the user then types "menu": the
		// words of its wrappers ("command") are not the user's.
		{afterSlashCommand + "menu", false, DemoMenu, "Welcome to the gclaude tour"},
		{afterSlashCommand + "3", false, DemoEdit, "has a TODO"},
		{afterSlashCommand, false, DemoMenu, "Welcome to the gclaude tour"},
		// A `!` command's output (here: words of the tour) is not a request either.
		{"<bash-input>cat notes</bash-input>\n<bash-stdout>edit the plan, ask me</bash-stdout><bash-stderr></bash-stderr>", false, DemoMenu, "Welcome to the gclaude tour"},
		// The summary request of /compact names tools ("Do NOT use Read, Bash, …").
		{"CRITICAL: Respond with TEXT ONLY. Do NOT call any tools.\n\n- Do NOT use Read, Bash, Grep, Glob, Edit, Write.\n\n" +
			"Your task is to " + demoCompactAsk + " so far", false, DemoCompact, "has just compacted"},
	}
	for _, tc := range tests {
		edited = tc.edited
		_, body := post(t, s, "/v1/messages", convo(false, userPrompt(tc.prompt)))
		r, _ := s.LastMainRequest()
		if r.Scenario != tc.want || r.Step != 0 {
			t.Errorf("%q (edited=%v) played %q step %d, want %q step 0", tc.prompt, tc.edited, r.Scenario, r.Step, tc.want)
		}
		var msg struct{ Content []json.RawMessage }
		if err := json.Unmarshal(body, &msg); err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, c := range msg.Content {
			all.Write(c)
		}
		if !strings.Contains(all.String(), tc.wantReply) {
			t.Errorf("%q: reply lacks %q:\n%s", tc.prompt, tc.wantReply, all.String())
		}
	}
}

// afterSlashCommand is how CLI 2.1.328 prefixes the next prompt after a slash command
// it ran itself (captured from the demo: /compact, then a prompt).
const afterSlashCommand = "<local-command-caveat>The command below was run directly in Claude Code, not sent to you " +
	"as a request, and its output goes straight to the user. It's recorded here as context for later messages." +
	"</local-command-caveat>\n\n<command-name>/compact</command-name>\n            <command-message>compact</command-message>\n" +
	"            <command-args></command-args>\n\n<local-command-stdout>Compacted </local-command-stdout>\n\n"

// The tour's hints name the keys that work where the user is: expanding an item needs
// the transcript focused first (enter in the prompt sends), and in the question dialog
// enter moves on rather than choosing.
func TestDemoHintsNameTheKeysOfTheirFocus(t *testing.T) {
	for _, sc := range DemoTour(DemoTourOptions{}) {
		for i, step := range sc.Steps {
			for _, b := range step.Blocks {
				if b.Type != BlockText {
					continue
				}
				if at := strings.Index(b.Text, "**enter** expands"); at >= 0 && !strings.Contains(b.Text[:at], "**tab**") {
					t.Errorf("%s step %d: says enter expands without saying tab moves into the transcript:\n%s", sc.Name, i, b.Text)
				}
				if strings.Contains(b.Text, "**enter** chooses") {
					t.Errorf("%s step %d: says enter chooses; in the question dialog a number or space does:\n%s", sc.Name, i, b.Text)
				}
			}
		}
	}
}
