package landing

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/land"
	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

var wt = worktree.Worktree{Repo: "/src/app", Path: "/src/app/.claude/worktrees/login", Branch: "worktree-login", Base: "1234567890123456789012345678901234567890"}

func mergePlan() land.Plan {
	return land.Plan{
		Worktree: wt, BaseBranch: "main", How: land.MergeCommit, MovedOn: 2,
		BaseTip: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Head: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
		Uncommitted: []string{"auth/login.go", "auth/login_test.go"}, Message: "Fix the login\n\nPrompts:\n- fix the login\n",
		Commits: []string{"abc1234 Check the password length"}, Files: []string{"auth/login.go", "auth/login_test.go"},
	}
}

func newPanel(pr bool) *Panel {
	return New(Options{Keys: keymap.Default(), Theme: themes.NewRef(themes.New(themes.Dark)), PR: pr})
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "ctrl+j":
		return tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}
	case "ctrl+r":
		return tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}
	}
	return tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
}

func typeText(p *Panel, s string) {
	for _, r := range s {
		p.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// The plan shows where it merges and how, the commits and the files, with the drafted
// message to edit; enter lands it with the message as edited, and once landed enter
// offers /close.
func TestLandPanel(t *testing.T) {
	p := newPanel(false)
	if !strings.Contains(ansi.Strip(p.View(80, 20)), "working out what it will do") {
		t.Fatal("no planning state")
	}
	p.SetPlan(mergePlan())
	v := ansi.Strip(p.View(100, 30))
	for _, want := range []string{"Land worktree-login into main in /src/app", "merge commit: main has 2 new commits", "abc1234 Check the password length",
		"2 uncommitted files, committed first: auth/login.go, auth/login_test.go", "Fix the login", "enter lands it"} {
		if !strings.Contains(v, want) {
			t.Fatalf("no %q in:\n%s", want, v)
		}
	}
	p.message.SetValue("")
	if a, _ := p.Update(keyMsg("enter")); a != nil || !strings.Contains(ansi.Strip(p.View(100, 30)), "the commit needs a message") {
		t.Fatalf("an empty message landed: %#v", a)
	}
	typeText(p, "Fix it")
	p.Update(keyMsg("ctrl+j"))
	typeText(p, "body")
	a, _ := p.Update(keyMsg("enter"))
	do, ok := a.(DoLand)
	if !ok || do.Message != "Fix it\nbody" || do.Plan.Head != mergePlan().Head {
		t.Fatalf("enter gave %#v", a)
	}
	// A failure goes back to the plan, what was typed kept.
	p.Landed(land.Landed{}, errors.New("committing in the worktree failed: lint failed"))
	if p.message.Value() != "Fix it\nbody" || !strings.Contains(ansi.Strip(p.View(100, 30)), "lint failed") {
		t.Fatal("the failure lost the message or was not shown")
	}
	// A new plan (the user fixed something) keeps the edited message.
	p.SetPlan(mergePlan())
	if p.message.Value() != "Fix it\nbody" {
		t.Fatalf("a new plan replaced the edited message: %q", p.message.Value())
	}
	p.Update(keyMsg("enter"))
	p.Landed(land.Landed{How: land.MergeCommit, Tip: "cccccccccccccccccccc", Committed: "dddddddddddd"}, nil)
	if v := ansi.Strip(p.View(100, 30)); !strings.Contains(v, "main is now at ccccccc (merge commit), the uncommitted work committed as ddddddd") ||
		!strings.Contains(v, "enter /close the worktree") {
		t.Fatalf("done:\n%s", v)
	}
	if a, _ := p.Update(keyMsg("enter")); a != (CloseWorktree{}) {
		t.Fatalf("enter after landing gave %#v", a)
	}
	if a, _ := p.Update(keyMsg("esc")); a != (Cancel{}) {
		t.Fatalf("esc gave %#v", a)
	}
}

// A refusal says why, names the files and shows every character of the commands to
// run; enter looks again; after a conflict ctrl+r asks the session to rebase.
func TestRefusedPanel(t *testing.T) {
	p := newPanel(false)
	long := "git -C /a/very/long/path/that/goes/on/and/on/.claude/worktrees/login switch worktree-login-with-a-long-name"
	p.SetError(&land.Refusal{Reason: "the main checkout has other checked out, not main", Files: []string{"a.go"}, Run: []string{long}})
	v := ansi.Strip(p.View(60, 20))
	if !strings.Contains(v, "not main") || !strings.Contains(v, "files: a.go") ||
		!strings.Contains(strings.ReplaceAll(strings.ReplaceAll(v, "\n", ""), " ", ""), strings.ReplaceAll(long, " ", "")) {
		t.Fatalf("refusal:\n%s", v)
	}
	if a, _ := p.Update(keyMsg("ctrl+r")); a != nil {
		t.Fatalf("ctrl+r without a conflict gave %#v", a)
	}
	if a, _ := p.Update(keyMsg("enter")); a != (Replan{}) {
		t.Fatalf("enter gave %#v", a)
	}
	p.SetError(&land.Refusal{Reason: "worktree-login and main conflict", Files: []string{"a.go"}, Rebase: "Rebase onto main"})
	if a, _ := p.Update(keyMsg("ctrl+r")); a != (AskRebase{Prompt: "Rebase onto main"}) {
		t.Fatalf("ctrl+r gave %#v", a)
	}
	p.SetError(errors.New("git: something else"))
	if !strings.Contains(ansi.Strip(p.View(60, 20)), "git: something else") {
		t.Fatal("a plain error is not shown")
	}
}

// --pr: title and body are editable (tab moves between the fields), enter opens it
// with them; no title, no pull request; the address is shown; a refusal at the last
// moment (a rejected push) shows what to run.
func TestPRPanel(t *testing.T) {
	p := newPanel(true)
	p.SetPRPlan(land.PRPlan{Worktree: wt, BaseBranch: "main", Remote: "origin", Uncommitted: []string{"a.go"}, Message: "Msg\n", Title: "Fix the login", Body: "Prompts:\n- fix\n"})
	v := ansi.Strip(p.View(100, 40))
	for _, want := range []string{"Open a pull request for worktree-login into main", "push it to origin", "Title", "Fix the login", "Description", "tab next field"} {
		if !strings.Contains(v, want) {
			t.Fatalf("no %q in:\n%s", want, v)
		}
	}
	p.Update(keyMsg("tab"))
	typeText(p, "!")
	p.Update(keyMsg("tab"))
	typeText(p, "More.")
	a, _ := p.Update(keyMsg("enter"))
	do, ok := a.(DoPR)
	if !ok || do.Title != "Fix the login!" || do.Message != "Msg\n" || !strings.HasSuffix(do.Body, "More.") {
		t.Fatalf("enter gave %#v", a)
	}
	p.Opened(land.PR{}, &land.Refusal{Reason: "git push to origin failed", Run: []string{"git -C x push -u origin worktree-login"}})
	if v := ansi.Strip(p.View(100, 40)); !strings.Contains(v, "git -C x push -u origin worktree-login") {
		t.Fatalf("rejected push:\n%s", v)
	}
	p.SetPRPlan(land.PRPlan{Worktree: wt, Remote: "origin", Title: "T"})
	p.title.SetValue("  ")
	if a, _ := p.Update(keyMsg("enter")); a != nil {
		t.Fatalf("no title opened a PR: %#v", a)
	}
	p.title.SetValue("T")
	p.Update(keyMsg("enter"))
	p.Opened(land.PR{URL: "https://example.com/o/r/pull/7"}, nil)
	if v := ansi.Strip(p.View(100, 40)); !strings.Contains(v, "Pull request opened") || !strings.Contains(v, "https://example.com/o/r/pull/7") {
		t.Fatalf("opened:\n%s", v)
	}
	if a, _ := p.Update(keyMsg("enter")); a != nil {
		t.Fatal("enter after a PR offers /close")
	}
}

// Every state fits any size, and names from the repository reach the screen safe.
func TestPanelShapesAndSafety(t *testing.T) {
	hostile := mergePlan()
	hostile.Worktree.Branch = "worktree-\x1b]0;evil\x07"
	hostile.Files = []string{"a\x1b[2Jb.go"}
	hostile.Commits = []string{"abc1234 \x1b[31mred"}
	panels := []*Panel{newPanel(false), newPanel(false), newPanel(false), newPanel(true)}
	panels[1].SetPlan(hostile)
	panels[2].SetError(&land.Refusal{Reason: "bad \x07", Files: []string{"\x1b[1m"}, Run: []string{"git -C '\x1b' x"}})
	panels[3].SetPRPlan(land.PRPlan{Worktree: hostile.Worktree, Remote: "o\x1br", Title: "t", Body: "b"})
	for _, p := range panels {
		for _, size := range [][2]int{{1, 1}, {10, 3}, {40, 10}, {80, 24}, {200, 60}} {
			v := p.View(size[0], size[1])
			lines := strings.Split(v, "\n")
			if len(lines) != size[1] {
				t.Fatalf("%v: %d lines", size, len(lines))
			}
			for _, l := range lines {
				if ansi.StringWidth(l) != size[0] {
					t.Fatalf("%v: line %q", size, ansi.Strip(l))
				}
			}
			if prob := render.DisplayProblem(v); prob != "" {
				t.Fatalf("%v: %s", size, prob)
			}
		}
	}
}
