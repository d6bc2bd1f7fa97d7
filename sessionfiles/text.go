package sessionfiles

import (
	"strings"
	"unicode"
)

// textKind says what a text block of a user entry is. The CLI stores more than what
// the user typed as user text: slash commands and their output wrapped in tags,
// interrupt markers, and system reminders.
type textKind int

const (
	textNoise         textKind = iota // nothing the user typed
	textPrompt                        // a typed prompt
	textCommand                       // a slash command ("/name args") or a shell command ("! cmd")
	textCommandOutput                 // what a command printed
	textInterrupt                     // the CLI's "[Request interrupted by user…]"
)

// noiseTags open texts the CLI generates itself and stores as user text.
var noiseTags = []string{
	"<local-command-caveat>", "<system-reminder>", "<task-notification>",
	"<user-prompt-submit-hook>", "<session-start-hook>", "<ide_opened_file>",
	"<ide_selection>", "<tick>", "<goal>",
}

// classifyText says what one text block of a user entry is, and returns the text to
// show for it: the prompt without system reminders, "/name args" for a command, the
// bare output for command output.
func classifyText(s string) (textKind, string) {
	s = strings.TrimSpace(stripTagged(s, "system-reminder"))
	switch {
	case s == "":
		return textNoise, ""
	case strings.Contains(s, "<command-name>"):
		name := strings.TrimPrefix(strings.TrimSpace(inner(s, "command-name")), "/")
		cmd := "/" + name
		if args := strings.TrimSpace(inner(s, "command-args")); args != "" {
			cmd += " " + args
		}
		return textCommand, cmd
	case strings.HasPrefix(s, "<bash-input>"):
		return textCommand, "! " + strings.TrimSpace(inner(s, "bash-input"))
	case strings.HasPrefix(s, "<local-command-stdout>"), strings.HasPrefix(s, "<local-command-stderr>"):
		return textCommandOutput, joinNonEmpty(inner(s, "local-command-stdout"), inner(s, "local-command-stderr"))
	case strings.HasPrefix(s, "<bash-stdout>"), strings.HasPrefix(s, "<bash-stderr>"):
		return textCommandOutput, joinNonEmpty(inner(s, "bash-stdout"), inner(s, "bash-stderr"))
	case strings.HasPrefix(s, "[Request interrupted by user"):
		return textInterrupt, s
	}
	for _, tag := range noiseTags {
		if strings.HasPrefix(s, tag) {
			return textNoise, ""
		}
	}
	return textPrompt, s
}

// inner is the text between the first <tag> and the following </tag>, or "".
func inner(s, tag string) string {
	open, closing := "<"+tag+">", "</"+tag+">"
	_, rest, ok := strings.Cut(s, open)
	if !ok {
		return ""
	}
	body, _, _ := strings.Cut(rest, closing)
	return body
}

// stripTagged removes every <tag>…</tag> block from s.
func stripTagged(s, tag string) string {
	open, closing := "<"+tag+">", "</"+tag+">"
	for {
		i := strings.Index(s, open)
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], closing)
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+j+len(closing):]
	}
}

func joinNonEmpty(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n")
}

// maxTitleRunes is where a title taken from a prompt is cut, as the CLI does.
const maxTitleRunes = 200

// titleLine folds every run of white space into one space and cuts the result to
// maxTitleRunes runes, ending a cut title with "…".
func titleLine(s string) string {
	s = strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
	if r := []rune(s); len(r) > maxTitleRunes {
		s = strings.TrimRightFunc(string(r[:maxTitleRunes]), unicode.IsSpace) + "…"
	}
	return s
}
