package review

import (
	"strings"
	"testing"

	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/themes"
)

// bigDiff is git's output for 5,000 changed lines: 25 Go files, each with 20 hunks of
// 5 lines replaced by 5 (a word changed in each, so every pair is marked within).
func bigDiff() string {
	var b strings.Builder
	for f := range 25 {
		name := "pkg/file" + itoa(f) + ".go"
		b.WriteString("diff --git a/" + name + " b/" + name + "\nindex 1111111111111111111111111111111111111111..2222222222222222222222222222222222222222 100644\n--- a/" + name + "\n+++ b/" + name + "\n")
		for h := range 20 {
			start := 1 + h*20
			b.WriteString("@@ -" + itoa(start) + ",11 +" + itoa(start) + ",11 @@ func handler" + itoa(h) + "(w http.ResponseWriter, r *http.Request) {\n")
			b.WriteString(" \tctx := r.Context()\n \tlog := logger.From(ctx)\n \tdefer log.Sync()\n")
			for i := range 5 {
				b.WriteString("-\tif err := step" + itoa(i) + "(ctx, \"old value\", 42); err != nil { return err }\n")
			}
			for i := range 5 {
				b.WriteString("+\tif err := step" + itoa(i) + "(ctx, \"new value\", 42); err != nil { return fmt.Errorf(\"step: %w\", err) }\n")
			}
			b.WriteString(" \treturn nil\n")
		}
	}
	return b.String()
}

// BenchmarkReviewFirstFrame is opening the review of a 5,000-line diff: parsing git's
// output, laying the screen out and drawing its first frame at 140×40.
func BenchmarkReviewFirstFrame(b *testing.B) {
	text := bigDiff()
	st := themes.New(themes.Dark)
	b.ReportAllocs()
	for b.Loop() {
		s := New(Options{Title: "bench", Keys: defaultKeys, Theme: themes.NewRef(st)})
		s.SetSize(140, 40)
		s.SetDiff(gitreview.Diff{Files: gitreview.Parse(text)}, nil)
		_ = s.View(140, 40)
	}
}

// BenchmarkReviewScroll is one step of scrolling through it: a key (j, or a page
// down every tenth step) and the frame drawn after it, wrapping at the end.
func BenchmarkReviewScroll(b *testing.B) {
	s := New(Options{Title: "bench", Keys: defaultKeys, Theme: themes.NewRef(themes.New(themes.Dark))})
	s.SetSize(140, 40)
	s.SetDiff(gitreview.Diff{Files: gitreview.Parse(bigDiff())}, nil)
	_ = s.View(140, 40)
	down, page := keyMsg("j"), keyMsg("pgdown")
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		msg := down
		if i%10 == 9 {
			msg = page
		}
		i++
		s.Update(msg)
		if s.cursor == len(s.rows)-1 {
			press(s, "g")
		}
		_ = s.View(140, 40)
	}
}

// BenchmarkReviewScrollColoured is the same scrolling once every line has its tokens
// (the background batches have come back): what a frame costs with colours.
func BenchmarkReviewScrollColoured(b *testing.B) {
	s := New(Options{Title: "bench", Keys: defaultKeys, Theme: themes.NewRef(themes.New(themes.Dark))})
	s.SetSize(140, 40)
	s.SetDiff(gitreview.Diff{Files: gitreview.Parse(bigDiff())}, nil)
	lexEverything(s)
	_ = s.View(140, 40)
	down, page := keyMsg("j"), keyMsg("pgdown")
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		msg := down
		if i%10 == 9 {
			msg = page
		}
		i++
		s.Update(msg)
		if s.cursor == len(s.rows)-1 {
			press(s, "g")
		}
		_ = s.View(140, 40)
	}
}

// BenchmarkReviewHighlightBatch is the background work behind one screen: lexing the
// 38 lines of a page (chroma's Go lexer), off the update loop.
func BenchmarkReviewHighlightBatch(b *testing.B) {
	s := New(Options{Title: "bench", Keys: defaultKeys, Theme: themes.NewRef(themes.New(themes.Dark))})
	s.SetSize(140, 40)
	s.SetDiff(gitreview.Diff{Files: gitreview.Parse(bigDiff())}, nil)
	hv := s.files[0].hunk(0)
	lex := s.files[0].lexer()
	b.ReportAllocs()
	for b.Loop() {
		for i := range 38 {
			lex.tokens(hv.text[i%len(hv.text)])
		}
	}
}

// lexEverything gives every line of every file its tokens, as the batches would.
func lexEverything(s *Screen) {
	for fi := range s.files {
		v := &s.files[fi]
		for hi := range v.f.Hunks {
			hv := v.hunk(hi)
			for li, text := range hv.text {
				hv.toks[li], hv.lexed[li] = v.lexer().tokens(text), true
			}
		}
	}
	s.cache.reset()
}
