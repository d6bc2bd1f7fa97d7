package dialogs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

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

func kindOf(tool string) toolKind {
	switch tool {
	case "Bash":
		return kindBash
	case "Write":
		return kindWrite
	case "Edit":
		return kindEdit
	case "MultiEdit":
		return kindMultiEdit
	}
	return kindGeneric
}

// editKey is the input member the user edits before approving; "" edits the whole
// input as JSON.
func (k toolKind) editKey() string {
	switch k {
	case kindBash:
		return "command"
	case kindWrite:
		return "content"
	case kindEdit:
		return "new_string"
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

func (p preview) lines(in object, width int) []string {
	switch p.kind {
	case kindBash:
		return p.bash(in, width)
	case kindWrite:
		return p.write(in, width)
	case kindEdit, kindMultiEdit:
		return p.edit(in, width)
	}
	return genericLines(in, width, p.theme.Get())
}

func (p preview) bash(in object, width int) []string {
	st := p.theme.Get()
	lines := layoutSpans(shellSpans(clean(in.str("command")), st), width-2)
	for i := range lines {
		if i == 0 {
			lines[i] = st.Muted.Render("$ ") + lines[i]
		} else {
			lines[i] = "  " + lines[i]
		}
	}
	var flags []string
	if raw, ok := in.get("run_in_background"); ok && string(raw) == "true" {
		flags = append(flags, "runs in the background")
	}
	if raw, ok := in.get("timeout"); ok {
		var ms float64
		if json.Unmarshal(raw, &ms) == nil && ms > 0 {
			flags = append(flags, "timeout "+(time.Duration(ms)*time.Millisecond).String())
		}
	}
	if len(flags) > 0 {
		lines = append(lines, "")
		lines = append(lines, styledWrap(strings.Join(flags, " · "), width, st.Muted)...)
	}
	return lines
}

func (p preview) write(in object, width int) []string {
	path, content := in.str("file_path"), in.str("content")
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

func (p preview) edit(in object, width int) []string {
	path := oneLine(in.str("file_path"))
	edits := editsOf(in, p.kind)
	var out []string
	if p.disk.err != nil || !p.disk.exists {
		if p.disk.err != nil {
			out = append(out, p.warn("cannot read the file on disk: "+p.disk.err.Error(), width)...)
		} else if len(edits) > 0 && edits[0].old != "" {
			out = append(out, p.warn("the file does not exist on disk; the edit will fail", width)...)
		}
		return append(out, p.snippets(edits, width)...)
	}
	text := p.disk.text
	for _, e := range edits {
		n := strings.Count(text, e.old)
		switch {
		case e.old == "":
			out = append(out, p.warn("old_string is empty; the edit will fail on an existing file", width)...)
			return append(out, p.snippets(edits, width)...)
		case n == 0:
			out = append(out, p.warn("old_string is not in the file on disk; the edit will fail", width)...)
			return append(out, p.snippets(edits, width)...)
		case e.all:
			out = append(out, styledWrap(fmt.Sprintf("replace_all: replaces all %d %s", n, render.Plural(n, "occurrence")), width, p.theme.Get().Muted)...)
			text = strings.ReplaceAll(text, e.old, e.new)
		case n > 1:
			out = append(out, p.warn(fmt.Sprintf("old_string occurs %d times and replace_all is off; the edit will fail", n), width)...)
			return append(out, p.snippets(edits, width)...)
		default:
			text = strings.Replace(text, e.old, e.new, 1)
		}
	}
	return append(out, splitDiff(render.DiffStrings(path, p.disk.text, text, width, p.theme.Get()))...)
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

func editsOf(in object, k toolKind) []edit {
	if k == kindEdit {
		raw, _ := in.get("replace_all")
		return []edit{{old: in.str("old_string"), new: in.str("new_string"), all: string(raw) == "true"}}
	}
	var list []struct {
		Old string `json:"old_string"`
		New string `json:"new_string"`
		All bool   `json:"replace_all"`
	}
	raw, _ := in.get("edits")
	_ = json.Unmarshal(raw, &list)
	out := make([]edit, len(list))
	for i, e := range list {
		out[i] = edit{e.Old, e.New, e.All}
	}
	return out
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
func genericLines(in object, width int, st *themes.Styles) []string {
	if len(in) == 0 {
		return []string{st.Muted.Render("(no input)")}
	}
	var out []string
	for _, f := range in {
		key := st.Tool.Label.Render(oneLine(f.key) + ":")
		value, multi := valueText(f.value)
		value = clean(value)
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
