package process

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestTail(t *testing.T) {
	tests := []struct {
		n, add int
		want   []string
	}{
		{3, 0, []string{}},
		{3, 2, []string{"0", "1"}},
		{3, 3, []string{"0", "1", "2"}},
		{3, 7, []string{"4", "5", "6"}},
		{1, 5, []string{"4"}},
	}
	for _, tt := range tests {
		tl := newTail(tt.n)
		for i := range tt.add {
			tl.add(strconv.Itoa(i))
		}
		if got := tl.snapshot(); !slices.Equal(got, tt.want) {
			t.Errorf("n=%d add=%d: %q, want %q", tt.n, tt.add, got, tt.want)
		}
	}
}

func TestTailReadLines(t *testing.T) {
	long := strings.Repeat("y", 3*maxStderrLine)
	in := "first\r\n" + long + "\nlast without newline"
	tl := newTail(10)
	tl.readLines(strings.NewReader(in))
	got := tl.snapshot()
	want := []string{"first", long[:maxStderrLine], "last without newline"}
	if !slices.Equal(got, want) {
		t.Errorf("lines: got %d %q…, want %d", len(got), got[0], len(want))
	}
}
