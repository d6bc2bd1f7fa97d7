package dialogs

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// previewedKeys are the input members a tool's preview shows; every other
// member is listed under it (callFieldLines), because approving sends it too.
func (k toolKind) previewedKeys() []string {
	switch k {
	case kindBash:
		return []string{"command", "description"} // the description has a line of its own
	case kindWrite:
		return []string{"file_path", "content"}
	case kindEdit:
		return []string{"file_path", "old_string", "new_string"}
	case kindMultiEdit:
		return []string{"file_path", "edits"}
	}
	return nil // the generic preview shows every member
}

// callFieldLines lists the members of a tool's input its preview does not
// show: what changes how the call runs (sandbox off, background, timeout),
// and any field gclaude does not know, so that a dialog never shows less than
// approving sends.
func callFieldLines(k toolKind, in protocol.InputFields, width int, p preview) []string {
	if k == kindGeneric {
		return nil // the generic preview shows every member
	}
	return otherFieldLines(in, k.previewedKeys(), width, p.theme.Get())
}

// otherFieldLines lists the members of in not named in shown.
func otherFieldLines(in protocol.InputFields, shown []string, width int, st *themes.Styles) []string {
	var out []string
	for _, f := range in {
		if contains(shown, f.Key) || switchedOff(f.Key, f.Value) {
			continue
		}
		value, _ := valueText(f.Value)
		label := st.Tool.Label.Render(oneLine(f.Key)+":") + " "
		text := oneLine(value)
		if meaning := fieldMeaning(f.Key, f.Value); meaning != "" {
			text += " — " + meaning
		}
		if dangerousField(f.Key, f.Value) {
			out = append(out, hanging(st.Notice.WarningIcon.Render(st.Icons.Warning+" ")+label, st.Notice.Warning.Render(text), width)...)
			continue
		}
		out = append(out, hanging("  "+label, st.Text.Render(text), width)...)
	}
	if len(out) == 0 {
		return nil
	}
	return append(styledWrap("Also sent with this call:", width, st.Muted), out...)
}

// fieldMeaning says in words what a known field does to the call.
func fieldMeaning(key string, raw json.RawMessage) string {
	switch key {
	case "dangerouslyDisableSandbox":
		if isTrue(raw) {
			return "runs outside the sandbox"
		}
	case "run_in_background":
		if isTrue(raw) {
			return "runs in the background"
		}
	case "timeout":
		var ms float64
		if json.Unmarshal(raw, &ms) == nil && ms > 0 {
			return (time.Duration(ms) * time.Millisecond).String()
		}
	case "replace_all":
		if isTrue(raw) {
			return "replaces every occurrence"
		}
	}
	return ""
}

// switchedOff reports a known switch left at its default, which changes
// nothing about the call ("replace_all": false).
func switchedOff(key string, raw json.RawMessage) bool {
	switch key {
	case "dangerouslyDisableSandbox", "run_in_background", "replace_all":
		return isFalse(raw)
	}
	return false
}

// dangerousField marks a field that lifts a safeguard.
func dangerousField(key string, raw json.RawMessage) bool {
	return key == "dangerouslyDisableSandbox" && !isFalse(raw)
}

func isTrue(raw json.RawMessage) bool  { return strings.TrimSpace(string(raw)) == "true" }
func isFalse(raw json.RawMessage) bool { return strings.TrimSpace(string(raw)) == "false" }

// descriptionLine is the model's description of a call on one labelled line,
// away from the command: line breaks are shown as ⏎ and a long description
// is cut, so it can never draw a line that looks like part of the command.
func descriptionLine(desc string, width int, p preview) []string {
	if desc == "" {
		return nil
	}
	label := p.theme.Get().Tool.Label.Render("Claude's description:") + " "
	return []string{render.Truncate(label+p.theme.Get().Muted.Render(oneLine(desc)), width)}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
