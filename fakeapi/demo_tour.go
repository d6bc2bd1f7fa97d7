package fakeapi

import (
	"strings"
	"unicode"
)

// Names of the guided tour's scenarios (`gclaude demo`). The tour needs no markers: each
// scenario matches the prompts that ask for it (see DemoTopic), and DemoMenu is meant to
// be the server's Default, so any other prompt shows the menu.
const (
	DemoMenu     = "demo_menu"
	DemoMarkdown = "demo_markdown"
	DemoCommand  = "demo_command"
	DemoEdit     = "demo_edit"      // applies the sample edit
	DemoEditBack = "demo_edit_back" // undoes it, so the step can be repeated
	DemoPlan     = "demo_plan"
	DemoAsk      = "demo_ask"
	DemoSubagent = "demo_subagent"
	DemoSessions = "demo_sessions" // the workspace: several sessions, their list, the inbox
	DemoSurvey   = "demo_survey"   // the subagent's own script
	DemoCompact  = "demo_compact"  // the summary /compact asks for
)

// demoCompactAsk is part of the instructions CLI 2.1.328 sends when /compact asks for a
// summary; its words ("Bash", "Edit") must not pick a tour step.
const demoCompactAsk = "create a detailed summary of the conversation"

// DemoSurveyPrompt starts the prompt the tour's Agent call gives its subagent; DemoSurvey
// matches it, so the subagent needs no SCENARIO marker in what the user sees.
const DemoSurveyPrompt = "Survey the sample project"

// DemoTourOptions configure DemoTour.
type DemoTourOptions struct {
	// Edited reports whether DemoEditFile currently holds DemoEditNew. The edit step then
	// plays DemoEditBack, which puts DemoEditOld back, so the step works every time.
	// Nil means never.
	Edited func() bool
}

// topics are the tour's steps in menu order: the number typed selects by position.
var topics = []struct {
	scenario string
	words    []string
}{
	{DemoMarkdown, []string{"markdown", "md"}},
	{DemoCommand, []string{"command", "commands", "bash", "shell"}},
	{DemoEdit, []string{"edit", "diff"}},
	{DemoPlan, []string{"plan", "planning"}},
	{DemoAsk, []string{"ask", "question", "questions"}},
	{DemoSubagent, []string{"subagent", "subagents", "agent", "agents"}},
	{DemoSessions, []string{"sessions", "session", "workspace"}},
}

// DemoTopic names the tour scenario a prompt asks for: a step number ("3"), or a word of
// the step ("edit a file"). It returns "" for anything else, which gets the menu.
// DemoEdit stands for both edit scenarios.
func DemoTopic(prompt string) string {
	words := strings.FieldsFunc(strings.ToLower(prompt), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	byNumber := func(w string) string {
		if len(w) == 1 && w[0] >= '1' && int(w[0]-'1') < len(topics) {
			return topics[w[0]-'1'].scenario
		}
		return ""
	}
	if len(words) == 1 {
		if s := byNumber(words[0]); s != "" {
			return s
		}
	}
	for _, t := range topics {
		for _, w := range words {
			for _, k := range t.words {
				if w == k {
					return t.scenario
				}
			}
		}
	}
	for _, w := range words { // "step 2", "2 please"
		if s := byNumber(w); s != "" {
			return s
		}
	}
	return ""
}

// DemoTour returns the guided tour's scenarios, freshly built. Register them with a
// server whose Default is DemoMenu, and start the CLI in a copy of DemoProject.
func DemoTour(opts DemoTourOptions) []Scenario {
	edited := func() bool { return opts.Edited != nil && opts.Edited() }
	topic := func(name string) func(string) bool {
		return func(p string) bool { return DemoTopic(p) == name }
	}
	return []Scenario{
		// First, so that the subagent's prompt is never taken for a tour step.
		{Name: DemoSurvey, Match: func(p string) bool { return strings.Contains(p, DemoSurveyPrompt) }, Steps: demoSurveySteps()},
		{Name: DemoCompact, Match: func(p string) bool { return strings.Contains(p, demoCompactAsk) }, Steps: []Step{Reply(Text(demoCompactText))}},
		{Name: DemoMenu, Steps: []Step{Reply(Text(md(demoMenuText)))}},
		{Name: DemoMarkdown, Match: topic(DemoMarkdown), Steps: demoMarkdownSteps()},
		{Name: DemoCommand, Match: topic(DemoCommand), Steps: demoCommandSteps()},
		{Name: DemoEdit, Match: func(p string) bool { return DemoTopic(p) == DemoEdit && !edited() }, Steps: demoEditSteps(false)},
		{Name: DemoEditBack, Match: func(p string) bool { return DemoTopic(p) == DemoEdit && edited() }, Steps: demoEditSteps(true)},
		{Name: DemoPlan, Match: topic(DemoPlan), Steps: demoPlanSteps()},
		{Name: DemoAsk, Match: topic(DemoAsk), Steps: demoAskSteps()},
		{Name: DemoSubagent, Match: topic(DemoSubagent), Steps: demoSubagentSteps()},
		{Name: DemoSessions, Match: topic(DemoSessions), Steps: []Step{Reply(Text(md(demoSessionsText) + demoNext7))}},
	}
}

// md lets the texts below be raw strings: ‵ stands for a backtick.
func md(s string) string { return strings.ReplaceAll(s, "‵", "`") }

// Each step's last reply ends by saying what to try next.
const (
	demoNext1 = "\n\n**Next:** type **2** to run a command."
	demoNext2 = "\n\n**Next:** type **3** to edit a file."
	demoNext3 = "\n\n**Next:** type **4** to make a plan."
	demoNext4 = "\n\n**Next:** type **5** and the model will ask you something."
	demoNext5 = "\n\n**Next:** type **6** to hand work to a subagent."
	demoNext6 = "\n\n**Next:** type **7** to work in several sessions at once."
	demoNext7 = "\n\nThat was the whole tour. Type **menu** to see the list again, repeat any step, " +
		"or quit with **ctrl+d**. To use gclaude for real, run `gclaude` in a project folder " +
		"with your own `claude` CLI installed and signed in."
)

const demoCompactText = "<analysis>The user is taking the gclaude tour.</analysis>\n\n<summary>The user is taking the " +
	"gclaude guided tour in a throwaway sample project and has just compacted the conversation. " +
	"Type **menu** to see the tour's steps again.</summary>"

const demoMenuText = `## Welcome to the gclaude tour

You are talking to the **real** ‵claude‵ CLI. Only the model is a stand-in: a small scripted server on 127.0.0.1 plays the Anthropic API, so nothing leaves your machine and nothing costs money. The tools really run, in a throwaway sample project (‵{{cwd}}‵) that is deleted when you quit.

Type a number, or the words, and press **enter**:

| # | Type | What you will see |
|---|------|-------------------|
| 1 | ‵show markdown‵ | an answer streaming in: headings, lists, code, a table, and thinking |
| 2 | ‵run a command‵ | a shell command that asks for your permission first |
| 3 | ‵edit a file‵ | a change shown as a diff before you approve it |
| 4 | ‵make a plan‵ | plan mode, and reviewing the plan |
| 5 | ‵ask me‵ | the model asking you multiple-choice questions |
| 6 | ‵use a subagent‵ | a subagent doing a job of its own |
| 7 | ‵several sessions‵ | more sessions beside this one, their list, and one inbox for their questions |

Go in any order and repeat any step; anything else brings you back here. Press **?** for every key, **ctrl+d** to quit.

Start by typing **1**.`

func demoMarkdownSteps() []Step {
	return []Step{Reply(
		Thinking("The user wants to see how an answer looks. A heading, a numbered list, "+
			"a code block and a table cover the common cases; I will keep it short and "+
			"end with what to try next."),
		Text(md(demoMarkdownText)+demoNext1),
	)}
}

const demoMarkdownText = `# Markdown, rendered as it streams

This answer arrived in small pieces, the way a real model streams, and gclaude drew each piece as it landed. It keeps **bold**, *italic*, ‵inline code‵ and [links](https://docs.anthropic.com/en/docs/claude-code) readable at any width.

## What just happened

1. Your prompt went to the ‵claude‵ CLI as one line of JSON on its standard input.
2. The model *thought* first: that is the thinking block above this answer.
3. The answer streamed back as deltas, and gclaude rendered them live.

## A code block

‵‵‵go
// Greeting is the line the program prints for name.
func Greeting(name string) string {
	return "Hello, " + name + "!"
}
‵‵‵

## A table

| Part of the screen | Where | Keys |
|--------------------|-------|------|
| Transcript | the middle | **tab** focuses it, **↑ ↓** move, **enter** expands an item |
| Prompt | the bottom | **↑** brings back what you typed before |
| Status bar | above the help line | model, permission mode, tokens and cost |

> Resize the window: long lines wrap and wide tables shrink to fit.`

func demoCommandSteps() []Step {
	return []Step{
		Reply(
			Text(md("Let's look around the sample project first. ‵ls‵ only reads, so the CLI runs it without asking:")),
			ToolUse("Bash", map[string]any{"command": "ls -la", "description": "List the sample project"}),
		),
		Reply(
			Text(md("Running a script could change things, so the CLI asks you first: read the command in the "+
				"dialog, then allow it (a number answers), say no and tell Claude what to do instead, or press esc to reject it and stop the turn.")),
			ToolUse("Bash", map[string]any{"command": "sh " + DemoCheckScript, "description": "Run the sample project's check script"}),
		),
		Reply(Text(md("This is what came back to the model (the script's output, or your answer if you said no):\n\n‵‵‵\n{{tool_result}}\n‵‵‵\n\n"+
			"If you allowed it for good, the CLI saved a rule in ‵.claude/settings.local.json‵ and "+
			"will not ask again for this command here.") + demoNext2)),
	}
}

func demoEditSteps(back bool) []Step {
	path := "{{cwd}}/" + DemoEditFile
	intro := md("‵greet.go‵ has a TODO: ‵Greeting‵ ignores the name it is given. Let me fix that. " +
		"First I read the file; reading inside the project never needs permission.")
	change := md("Here is the change. The permission dialog shows it as a diff, and nothing is " +
		"written until you approve.")
	oldS, newS := DemoEditOld, DemoEditNew
	if back {
		intro = md("‵greet.go‵ still has the edit from before. So that you can watch it again, I will " +
			"put the original back. First, read the file:")
		change = md("Here is the reverse change, again as a diff for you to approve.")
		oldS, newS = newS, oldS
	}
	return []Step{
		Reply(Text(intro), ToolUse("Read", map[string]any{"file_path": path})),
		Reply(Text(change), ToolUse("Edit", map[string]any{"file_path": path, "old_string": oldS, "new_string": newS})),
		// The same text for both: after the edit, the next request may match the other one.
		Reply(Text(md("If you approved, ‵greet.go‵ now holds the change, and the diff stays in the "+
			"transcript: press **tab** to move into it and **↑** until the edit is marked, then **enter** "+
			"expands or collapses it; **esc** brings you back to the prompt. If you said no, the "+
			"file is untouched and the model was told.\n\nType **3** again to see the edit undone "+
			"the same way.") + demoNext3)),
	}
}

func demoPlanSteps() []Step {
	return []Step{
		Reply(
			Text("Planning first keeps a bigger change under control. I am switching to **plan mode**: "+
				"from now on the model may read and think, but not change anything. Watch the mode "+
				"in the status bar."),
			ToolUse("EnterPlanMode", map[string]any{}),
		),
		Reply(
			Text("In plan mode the model writes its plan to a plan file, outside the project:"),
			ToolUse("Write", map[string]any{"file_path": "{{plan_file}}", "content": md(demoPlanText)}),
		),
		Reply(
			Text("The plan is ready. Read it in the review dialog, then approve it or tell the model what to change."),
			ToolUse("ExitPlanMode", map[string]any{"plan": md(demoPlanText), "planFilePath": "{{plan_file}}"}),
		),
		Reply(Text("That was plan review. If you approved, plan mode has ended (see the status bar) and " +
			"a real model would start on the work now. If you asked for changes, the model got your " +
			"words exactly as you wrote them and stays in plan mode: press **shift+tab** to change " +
			"the mode yourself." + demoNext4)),
	}
}

const demoPlanText = `# Plan: a ‵-shout‵ flag for the greeter

## Why
Some greetings deserve capitals.

## Steps
1. In ‵main.go‵, parse a ‵-shout‵ flag with the standard ‵flag‵ package.
2. Upper-case the greeting when it is set (‵strings.ToUpper‵).
3. Add ‵greet_test.go‵ with a table-driven test of ‵Greeting‵.

## Check
- ‵go vet ./...‵ and ‵go test ./...‵ pass.
- ‵go run . -shout Ada‵ prints ‵HELLO, ADA!‵
`

func demoAskSteps() []Step {
	return []Step{
		Reply(
			Text("Sometimes the model needs a decision from you, so it asks. For each question, a "+
				"**number** picks an answer (or **space** on the highlighted one); where several "+
				"answers are allowed, **space** ticks each one you want. **enter** goes on to the next "+
				"question, and the last page shows your answers before **enter** sends them."),
			ToolUse("AskUserQuestion", map[string]any{"questions": []any{
				map[string]any{
					"question": "How should the sample program greet people?",
					"header":   "Greeting",
					"options": []any{
						map[string]any{"label": "Hello", "description": "Plain and friendly"},
						map[string]any{"label": "Good morning", "description": "Right only before noon"},
						map[string]any{"label": "Ahoy", "description": "For sailors"},
					},
					"multiSelect": false,
				},
				map[string]any{
					"question": "Which extras should it get?",
					"header":   "Extras",
					"options": []any{
						map[string]any{"label": "A -shout flag", "description": "Print the greeting in capitals"},
						map[string]any{"label": "A test", "description": "A table-driven test of Greeting"},
						map[string]any{"label": "A README example", "description": "Show a sample run"},
					},
					"multiSelect": true,
				},
			}}),
		),
		Reply(Text("Your answers went back to the model as the result of its question. This is " +
			"what it received, word for word:\n\n> {{tool_result}}\n\nA real model would act on " +
			"them now; had you skipped the questions, it would have to decide without you." + demoNext5)),
	}
}

func demoSubagentSteps() []Step {
	return []Step{
		Reply(
			Text("A big job can go to a subagent: a second conversation with its own context and "+
				"tools. I will ask one to survey the project. It runs in the foreground, so this "+
				"turn waits for its report."),
			ToolUse("Agent", map[string]any{
				"description": "Survey the sample project",
				"prompt": DemoSurveyPrompt + " in {{cwd}}: count its lines of Go, read the README, " +
					"and report back in two sentences.",
				"subagent_type":     "general-purpose",
				"run_in_background": false, // left out, CLI 2.1.328 runs it in the background
			}),
		),
		Reply(Text("The subagent is done: its report is under the Agent call above, and it went to the " +
			"model. Its own tool calls stay out of this conversation: press **alt+t** to open the " +
			"tasks pane, **enter** to look inside the task, and **esc** to close it again." + demoNext6)),
	}
}

func demoSurveySteps() []Step {
	return []Step{
		Reply(ToolUse("Bash", map[string]any{"command": "wc -l *.go", "description": "Count the lines of Go"})),
		Reply(ToolUse("Read", map[string]any{"file_path": "{{cwd}}/" + DemoReadme})),
		Reply(Text("The sample project is a small Go program in two files that prints a greeting; " +
			"its README says how to run it.")),
	}
}
