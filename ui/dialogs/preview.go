package dialogs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// toolKind says how a tool's input is previewed and edited.
type toolKind int

const (
	kindGeneric toolKind = iota
	kindBash
	kindWrite
	kindEdit
	kindMultiEdit
)

// kindOf is the preview for a tool's typed input (protocol.DecodeToolInput): an input
// without a typed schema, or one that does not decode as its schema, is shown whole.
func kindOf(typed any) toolKind {
	switch typed.(type) {
	case *protocol.BashInput:
		return kindBash
	case *protocol.WriteInput:
		return kindWrite
	case *protocol.EditInput:
		return kindEdit
	case *protocol.MultiEditInput:
		return kindMultiEdit
	}
	return kindGeneric
}

// editedText is the one member of a typed input the user edits before approving, as
// text, and set returns a copy of the input with it replaced; ok is false when the
// whole input is edited as JSON instead.
func editedText(typed any) (text string, set func(string) any, ok bool) {
	switch in := typed.(type) {
	case *protocol.BashInput:
		return in.Command, func(s string) any { c := *in; c.Command = s; return &c }, true
	case *protocol.WriteInput:
		return in.Content, func(s string) any { c := *in; c.Content = s; return &c }, true
	case *protocol.EditInput:
		return in.NewString, func(s string) any { c := *in; c.NewString = s; return &c }, true
	}
	return "", nil, false
}

// filePath is the file a typed input names, "" for none.
func filePath(typed any) string {
	switch in := typed.(type) {
	case *protocol.WriteInput:
		return in.FilePath
	case *protocol.EditInput:
		return in.FilePath
	case *protocol.MultiEditInput:
		return in.FilePath
	}
	return ""
}

// touchesFile reports whether the tool changes the file at input.file_path.
func (k toolKind) touchesFile() bool {
	return k == kindWrite || k == kindEdit || k == kindMultiEdit
}

// preview renders a tool's input for the user to judge, at a width.
type preview struct {
	kind  toolKind
	disk  diskFile // the file before the change (Write, Edit, MultiEdit)
	theme *themes.Ref
}

// lines previews the input to be sent: typed is fields decoded through the tool's
// schema, so what the preview shows is what approving sends.
func (p preview) lines(fields protocol.InputFields, typed any, width int) []string {
	switch in := typed.(type) {
	case *protocol.BashInput:
		return p.bash(in, width)
	case *protocol.WriteInput:
		return p.write(in, width)
	case *protocol.EditInput, *protocol.MultiEditInput:
		return p.edit(filePath(typed), editsOf(typed), width)
	}
	return genericLines(fields, width, p.theme.Get())
}

func (p preview) bash(in *protocol.BashInput, width int) []string {
	st := p.theme.Get()
	lines := layoutSpans(shellSpans(clean(in.Command), st), width-2)
	for i := range lines {
		if i == 0 {
			lines[i] = st.Muted.Render("$ ") + lines[i]
		} else {
			lines[i] = "  " + lines[i]
		}
	}
	return lines
}

func (p preview) write(in *protocol.WriteInput, width int) []string {
	path, content := in.FilePath, in.Content
	var out []string
	old := ""
	switch {
	case p.disk.err != nil:
		out = append(out, p.warn("cannot compare with the file on disk: "+p.disk.err.Error(), width)...)
	case p.disk.exists:
		old = p.disk.text
		if old == content {
			out = append(out, styledWrap("The new content is the same as the file on disk.", width, p.theme.Get().Muted)...)
		}
	}
	return append(out, splitDiff(render.DiffStrings(oneLine(path), old, content, width, p.theme.Get()))...)
}

// edit diffs the file on disk against the file after the edit, matched and
// applied by the CLI's own rules (edit_match.go). The CLI checks an edit
// before it asks, so when gclaude cannot place it (the file changed since,
// or a rule gclaude does not know) the preview says so and shows the strings
// alone, without predicting what the CLI will do.
func (p preview) edit(path string, edits []edit, width int) []string {
	path = oneLine(path)
	var out []string
	if p.disk.err != nil || !p.disk.exists {
		if p.disk.err != nil {
			out = append(out, p.warn("cannot read the file on disk: "+p.disk.err.Error(), width)...)
		} else if len(edits) > 0 && edits[0].old != "" {
			out = append(out, p.note("The file is not on disk now; below are the strings alone.", width)...)
		}
		return append(out, p.snippets(edits, width)...)
	}
	before := strings.ReplaceAll(p.disk.text, "\r\n", "\n")
	text := before
	for _, e := range edits {
		if e.old == "" {
			if strings.TrimSpace(text) != "" {
				out = append(out, p.note("old_string is empty and the file on disk is not; below are the strings alone.", width)...)
				return append(out, p.snippets(edits, width)...)
			}
			text = e.new
			continue
		}
		actual, ok := cliOldString(text, e.old)
		if !ok {
			out = append(out, p.note("gclaude cannot find old_string in the file as it is on disk now; below are the strings alone.", width)...)
			return append(out, p.snippets(edits, width)...)
		}
		n := strings.Count(text, actual)
		switch {
		case e.all:
			out = append(out, styledWrap(fmt.Sprintf("replace_all: replaces all %d %s", n, render.Plural(n, "occurrence")), width, p.theme.Get().Muted)...)
		case n > 1:
			out = append(out, p.note(fmt.Sprintf("old_string occurs %d times in the file on disk now; below are the strings alone.", n), width)...)
			return append(out, p.snippets(edits, width)...)
		}
		if actual != e.old {
			out = append(out, styledWrap("Matched as the CLI matches it: the file's own quotes or escapes are kept.", width, p.theme.Get().Muted)...)
		}
		text = cliApply(text, actual, cliNewString(e.old, actual, e.new), e.all)
	}
	return append(out, splitDiff(render.DiffStrings(path, before, text, width, p.theme.Get()))...)
}

// note is a neutral remark about the preview, not a prediction.
func (p preview) note(msg string, width int) []string {
	return styledWrap(clean(msg), width, p.theme.Get().Notice.Info)
}

// snippets diffs old_string against new_string where the file cannot be used.
func (p preview) snippets(edits []edit, width int) []string {
	var hunks []render.Hunk
	for _, e := range edits {
		hunks = append(hunks, render.ComputeHunks(withNewline(e.old), withNewline(e.new))...)
	}
	return splitDiff(render.Diff(render.FileDiff{Hunks: hunks, HideHeader: true, NoNumbers: true}, width, p.theme.Get()))
}

func (p preview) warn(msg string, width int) []string {
	return hanging(p.theme.Get().Notice.WarningIcon.Render(p.theme.Get().Icons.Warning+" "), p.theme.Get().Notice.Warning.Render(clean(msg)), width)
}

type edit struct {
	old, new string
	all      bool
}

func editsOf(typed any) []edit {
	switch in := typed.(type) {
	case *protocol.EditInput:
		return []edit{{old: in.OldString, new: in.NewString, all: in.ReplaceAll}}
	case *protocol.MultiEditInput:
		out := make([]edit, len(in.Edits))
		for i, e := range in.Edits {
			out[i] = edit{e.OldString, e.NewString, e.ReplaceAll}
		}
		return out
	}
	return nil
}

func withNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

func splitDiff(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// genericLines shows any tool input as "key: value" lines, in the order the CLI sent
// them; long and multi-line values go below their key.
func genericLines(in protocol.InputFields, width int, st *themes.Styles) []string {
	if len(in) == 0 {
		return []string{st.Muted.Render("(no input)")}
	}
	var out []string
	for _, f := range in {
		key := st.Tool.Label.Render(oneLine(f.Key) + ":")
		value, multi := valueText(f.Value)
		value = clean(value)
		if dangerousField(f.Key, f.Value) && !multi {
			// An input that does not fit its tool's schema is shown this way too:
			// a lifted safeguard keeps its warning.
			label := st.Tool.Label.Render(oneLine(f.Key)+":") + " "
			out = append(out, hanging(st.Notice.WarningIcon.Render(st.Icons.Warning+" ")+label, st.Notice.Warning.Render(value), width)...)
			continue
		}
		if !multi {
			out = append(out, hanging(key+" ", st.Text.Render(value), width)...)
			continue
		}
		out = append(out, render.Truncate(key, width))
		for _, l := range strings.Split(value, "\n") {
			out = append(out, hanging("  ", st.Text.Render(l), width)...)
		}
	}
	return out
}

// valueText is a JSON value as text: strings unquoted, short values on one line,
// objects and arrays indented. multi says it belongs on lines of its own.
func valueText(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, strings.Contains(s, "\n")
	}
	var compact bytes.Buffer
	if json.Compact(&compact, raw) == nil && compact.Len() <= 60 {
		return compact.String(), false
	}
	var ind bytes.Buffer
	if json.Indent(&ind, raw, "", "  ") == nil {
		return ind.String(), true
	}
	return string(raw), false
}
