// Package benchdoc is the markdown answer of the live benchmark (internal/benchlive),
// shared with the render tests that check and measure the renderer on it.
package benchdoc

import (
	"fmt"
	"strings"
)

// Answer is a markdown answer of about n bytes, ASCII only (so 8-rune deltas are
// 8-byte deltas): sections, paragraphs, lists, fenced Go and small tables, the mix a
// long coding answer has. The last line is marker, which tells the driver the whole
// answer is on screen.
func Answer(n int, marker string) string { return Variant(n, marker, 0) }

// Variant is Answer with every number in it shifted by k thousand: the same mix and
// size, different code and tables, so a session of several answers does not see the
// same block twice (a renderer's content caches would make the later ones free).
// Variant(n, marker, 0) is Answer(n, marker).
func Variant(n int, marker string, k int) string { return VariantIn(n, marker, k, "go") }

// VariantIn is Variant with its code blocks in lang: "go" (a quarter of the answer is
// Go, which render highlights with its own lexer) or "python" (the same share of
// Python, which chroma lexes: an answer with no Go).
func VariantIn(n int, marker string, k int, lang string) string {
	code := goStep
	if lang == "python" {
		code = pythonStep
	}
	var b strings.Builder
	for s := 0; b.Len() < n-len(marker)-2; s++ {
		i := s + 1000*k
		fmt.Fprintf(&b, "## Section %d: what step %d does\n\n", i+1, i+1)
		fmt.Fprintf(&b, "Step %d reads its input, **scales** it by `%d` and writes the result back. "+
			"It is pure, so the tests can call it *directly*; see [the notes](https://example.com/notes/%d) "+
			"for why the factor is what it is and how it was chosen.\n\n", i, i+2, i)
		fmt.Fprintf(&b, "- the input is validated first\n- the factor comes from the config (default `%d`)\n"+
			"- errors are wrapped with the step's name\n  - and logged once\n\n", i+2)
		code(&b, i)
		fmt.Fprintf(&b, "| case | input | output |\n|------|-------|--------|\n| small | %d | %d |\n| zero | 0 | 0 |\n| large | %d | %d |\n\n",
			i, i*(i+2), i*1000, i*1000*(i+2))
		fmt.Fprintf(&b, "1. run `go test ./step%d/...`\n2. check the coverage report\n3. commit with a message that says why\n\n", i)
	}
	b.WriteString(marker + "\n")
	return b.String()
}

// goStep writes step i's code block in Go.
func goStep(b *strings.Builder, i int) {
	fmt.Fprintf(b, "```go\nfunc step%d(in []int) ([]int, error) {\n\tout := make([]int, len(in))\n"+
		"\tfor i, v := range in {\n\t\tif v < 0 {\n\t\t\treturn nil, fmt.Errorf(\"step%d: negative input %%d\", v)\n\t\t}\n"+
		"\t\tout[i] = v * %d\n\t}\n\treturn out, nil\n}\n```\n\n", i, i, i+2)
}

// pythonStep writes step i's code block in Python, about as long as goStep's.
func pythonStep(b *strings.Builder, i int) {
	fmt.Fprintf(b, "```python\ndef step%d(values: list[int]) -> list[int]:\n    out = []\n"+
		"    for v in values:\n        if v < 0:\n            raise ValueError(f\"step%d: negative input {v}\")\n"+
		"        out.append(v * %d)\n    return out\n```\n\n", i, i, i+2)
}
