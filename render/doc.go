// Package render turns transcript data into styled strings for the
// terminal. Everything here is pure: each renderer takes its data, a width
// in cells and a *themes.Styles and returns a string whose lines are never
// wider than that width, with no trailing newline and no padding spaces at
// line ends (but for the coloured band of added and removed diff lines). Text that came from the model, a tool or a file is
// passed through Sanitize first, so it can never drive the terminal.
//
// Nothing here knows Bubble Tea; the ui package owns state and caches whole
// blocks. This package caches only what is expensive to build (glamour
// renderers, one per width and Styles) or to redo (the finished part of a
// streaming answer, see StreamingMarkdown).
//
// Colour: lipgloss v2 and glamour write 24-bit colour whatever the
// terminal; Bubble Tea downsamples when it writes the frame. The golden
// files under testdata/TestGolden therefore hold TrueColor sequences and
// are the same on every machine: one file per fixture and theme (dark,
// light, and mono for NO_COLOR), each with the widths 40, 80 and 120. Look
// at them with cat; rewrite them with go test ./render -run TestGolden
// -update.
package render
