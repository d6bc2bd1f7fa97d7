package render

import (
	"math"
	"slices"
)

// tableColumn is what lipgloss's table resizer knows of a column: the
// narrowest and widest cell, the median cell width (of every row but the
// first) and the horizontal frame (margins and padding) of its cells.
type tableColumn struct {
	min, max, median int
	frame            int
}

// tableColumns measures the columns of a table from the widths of its
// cells (row by row, ncol a row, the header first if any) the way
// lipgloss's newResizer does.
func tableColumns(widths []int, ncol int, frames []int) []tableColumn {
	cols := make([]tableColumn, ncol)
	rest := make([]int, 0, len(widths)/max(ncol, 1))
	for j := range cols {
		c := &cols[j]
		c.frame = frames[j]
		rest = rest[:0]
		for i := 0; i*ncol < len(widths); i++ {
			w := widths[i*ncol+j]
			if i == 0 {
				c.min, c.max = w, w
				continue
			}
			c.min, c.max = min(c.min, w), max(c.max, w)
			rest = append(rest, w)
		}
		c.median = medianOf(rest)
	}
	return cols
}

// medianOf is lipgloss's median: the mean of the middle two, rounded down,
// for an even count; 0 for none. It sorts n.
func medianOf(n []int) int {
	if len(n) == 0 {
		return 0
	}
	slices.Sort(n)
	h := len(n) / 2
	if len(n)%2 == 0 {
		return (n[h-1] + n[h]) / 2
	}
	return n[h]
}

// tableColumnWidths sizes the columns to the table width as lipgloss's
// resizer does (optimizedWidths), with one-cell column separators and no
// outer borders: a table that fits at its natural widths grows its
// narrowest columns one cell at a time to fill the width; one that does not
// fit loses cells from its widest columns first, then from those furthest
// above their median, then from any, each pass first keeping every column
// at least one cell of content wide.
func tableColumnWidths(cols []tableColumn, width int) []int {
	ws := make([]int, len(cols))
	natural := 0
	for j, c := range cols {
		ws[j] = c.max + c.frame
		natural += ws[j]
	}
	// lipgloss compares the widths without the separators here: a table
	// that fits only without them is neither grown nor shrunk (and comes
	// out wider than width).
	if natural <= width {
		for total := natural + len(cols) - 1; total < width; total++ {
			// Every column has a frame, so none is 0 wide: lipgloss skips a
			// column whose width equals its fixed width (0 here).
			ws[slices.Index(ws, slices.Min(ws))]++
		}
		return ws
	}
	shrinkTableColumns(cols, ws, width, true)
	if sum := sumInts(ws) + len(cols) - 1; sum > width {
		shrinkTableColumns(cols, ws, width, false)
	}
	return ws
}

// shrinkTableColumns is one round of lipgloss's shrinkTableWidth: the very
// big columns, then distance to the median, then the biggest; with floor,
// no column goes below its frame plus max(narrowest cell, 1).
func shrinkTableColumns(cols []tableColumn, ws []int, width int, floor bool) {
	border := len(cols) - 1
	skip := func(j int) bool {
		// ws[j] == 0 is lipgloss's "fixed width" test with no fixed width.
		return ws[j] == 0 || floor && ws[j] <= cols[j].frame+max(cols[j].min, 1)
	}
	biggest := func(veryBigOnly bool) {
		for sumInts(ws)+border > width {
			idx, best := -math.MaxInt32, -math.MaxInt32
			for j, w := range ws {
				if skip(j) {
					continue
				}
				if veryBigOnly && w < width/2 {
					continue
				}
				if w > best {
					idx, best = j, w
				}
			}
			if idx < 0 || ws[idx] == 0 {
				return
			}
			ws[idx]--
		}
	}
	toMedian := func() {
		for sumInts(ws)+border > width {
			idx, best := -math.MaxInt32, -math.MaxInt32
			for j, w := range ws {
				if skip(j) {
					continue
				}
				if d := w - cols[j].median; d > 0 && d > best {
					idx, best = j, d
				}
			}
			// lipgloss stops at index 0 as well (its test is "<= 0").
			if idx <= 0 || ws[idx] == 0 {
				return
			}
			ws[idx]--
		}
	}
	biggest(true)
	toMedian()
	biggest(false)
}

func sumInts(n []int) int {
	s := 0
	for _, v := range n {
		s += v
	}
	return s
}
