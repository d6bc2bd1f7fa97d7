// Package render turns transcript data into styled strings for the
// terminal. Everything here is pure: each renderer takes its data, a width
// in cells and a *themes.Styles and returns a string whose lines are never
// wider than that width. Text that came from the model, a tool or a file is
// passed through Sanitize first, so it can never drive the terminal.
//
// Nothing here knows Bubble Tea; the ui package owns state and caching of
// whole blocks, this package caches only what is expensive to build (glamour
// renderers) or to redo (the finished part of a streaming answer).
package render
