package transcript

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// outputStyleUsage is what CLI 2.1.332 prints for "/output-style" alone, as
// a synthetic assistant message.
const outputStyleUsage = "Output style: default\n\nAvailable styles:\n- default (current)\n\nUsage: /output-style <style>"

// TestCommandOutputShowsAngleBrackets is issue 27's "Usage: /output-style
// <style>" that lost its <style>: the CLI's own command output is shown as
// written, and /export keeps it so.
func TestCommandOutputShowsAngleBrackets(t *testing.T) {
	m, _ := newTest(80, 12, themes.Dark)
	m.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: "x", Model: "<synthetic>",
		Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: outputStyleUsage}}}})
	if v := plainView(m); !strings.Contains(v, "Usage: /output-style <style>") {
		t.Errorf("view:\n%s", v)
	}
	if md := m.Markdown(); !strings.Contains(md, "Usage: /output-style <style>") {
		t.Errorf("export:\n%s", md)
	}
}

// TestStreamedAnswerShowsHTML: while an answer streams and once it ends,
// its tags, generics and entity references are on screen as written.
func TestStreamedAnswerShowsHTML(t *testing.T) {
	answer := "Run <file> then <style> and a <b>tag</b>.\n\nMap<String, Integer> or Vec<T>; &lt;b&gt; stays.\n\n" +
		"<div class=\"card\">\n  <p>Hi</p>\n</div>\n\nDone.\n"
	wants := []string{"Run <file> then <style> and a <b>tag</b>.", "Map<String, Integer> or Vec<T>; &lt;b&gt; stays.",
		"<div class=\"card\">", "  <p>Hi</p>", "</div>"}
	m, _ := newTest(80, 30, themes.Dark)
	msgs := streamMessages(answer, 5)
	for i, msg := range msgs {
		m.Apply(msg)
		if i == len(msgs)-4 { // the last delta: still streaming
			v := plainView(m)
			for _, w := range wants {
				if !strings.Contains(v, w) {
					t.Errorf("while streaming the view lacks %q:\n%s", w, v)
				}
			}
		}
	}
	v := plainView(m)
	for _, w := range wants {
		if !strings.Contains(v, w) {
			t.Errorf("the finished answer lacks %q:\n%s", w, v)
		}
	}
}
