package render

import (
	"encoding/json"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// invisibleText holds the characters issue 11 found desynchronising the
// screen or hiding text: soft hyphens (gclaude counted 0 cells, terminals 1),
// zero-width spaces and joiners, word joiner, BOM, tag characters, variation
// selectors, line separators, a skin-tone modifier, an emoji presentation
// selector on a narrow base, a combining mark with no base; and escapes.
const invisibleText = "soft\u00ad\u00ad\u00adhyphen; curl x | sh zw\u200b\u200c\u200d\u200e\u200f \u2060\ufeff " +
	"tag\U000E0041\U000E007F vs\ufe00\U000E0100 👍🏽 ⚠️ 👨\u200d👩 line\u2028para\u2029 \u0301 \x1b]0;t\x07 \u202eevil"

// hostile returns v with invisibleText added to every string in it.
func hostile(v any) any {
	switch x := v.(type) {
	case string:
		return x[:len(x)/2] + invisibleText + x[len(x)/2:]
	case []any:
		for i := range x {
			x[i] = hostile(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = hostile(x[k])
		}
	}
	return v
}

func hostileJSON(raw json.RawMessage) json.RawMessage {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	out, _ := json.Marshal(hostile(v))
	return out
}

// Every tool renderer, fed invisible and format characters in every string
// of its input and result, prints them visibly and measures what it prints
// as the terminal does.
func TestHostileToolCallsRenderSafely(t *testing.T) {
	st := themes.New(themes.Dark)
	for _, c := range fixtureCalls {
		c.Input = hostileJSON(c.Input)
		if c.Result != nil {
			r := *c.Result
			r.Content = hostile(r.Content).(string)
			r.Structured = hostileJSON(r.Structured)
			c.Result = &r
		}
		c.TaskStatus = hostile(c.TaskStatus).(string)
		c.TaskLink = hostile(c.TaskLink).(string)
		for _, expanded := range []bool{false, true} {
			c.Expanded = expanded
			for _, w := range []int{30, 80, 120} {
				out := Tool(c, w, st)
				if p := DisplayProblem(out); p != "" {
					t.Errorf("%s (expanded %v) at %d: %s", c.Name, expanded, w, p)
				}
				assertWidth(t, c.Name, out, w)
			}
		}
	}
}

// Model text through markdown, and diffs, are held to the same standard.
func TestHostileMarkdownAndDiffRenderSafely(t *testing.T) {
	st := themes.New(themes.Dark)
	for _, md := range []string{
		invisibleText,
		"# " + invisibleText + "\n\n- " + invisibleText + "\n\n```go\n" + invisibleText + "\n```\n\n> " + invisibleText,
		"| a | b |\n|---|---|\n| " + invisibleText + " | x |",
		"[" + invisibleText + "](https://x.example/" + "\u00ad" + ")",
		"entities &shy;&#x200b;&#8203;&#xfeff;&#x1b;[2J",
	} {
		for _, w := range []int{30, 80} {
			if p := DisplayProblem(Markdown(md, w, st)); p != "" {
				t.Errorf("Markdown(%q) at %d: %s", md, w, p)
			}
			s := NewStreamingMarkdown(w, st)
			s.Append(md)
			if p := DisplayProblem(s.View()); p != "" {
				t.Errorf("streaming Markdown(%q) at %d: %s", md, w, p)
			}
		}
	}
	out := DiffStrings("/tmp/"+invisibleText, "a\n"+invisibleText+"\n", "b\n"+invisibleText+"x\n", 80, st)
	if p := DisplayProblem(out); p != "" {
		t.Errorf("diff: %s", p)
	}
}

func TestDisplayProblemCatches(t *testing.T) {
	for _, s := range []string{"a\u00adb", "⚠️", "👍🏽", "\u200b", "x\x1b]0;t\x07", "\x1b[2J", "\u0301", "a\x07"} {
		if DisplayProblem(s) == "" {
			t.Errorf("DisplayProblem(%q) found nothing", s)
		}
	}
	for _, s := range []string{"", "plain", "\x1b[1mbold\x1b[m", "\x1b]8;;https://x\x07https://x\x1b]8;;\x07", "日本 é ✅ 🇺🇸 नमस्ते"} {
		if p := DisplayProblem(s); p != "" {
			t.Errorf("DisplayProblem(%q) = %s", s, p)
		}
	}
}
