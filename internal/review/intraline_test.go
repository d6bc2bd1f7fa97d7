package review

import (
	"reflect"
	"testing"
)

func TestChangedSpans(t *testing.T) {
	for _, tc := range []struct {
		old, new string
		o, n     Span
	}{
		{"return a + b", "return a - b", Span{9, 10}, Span{9, 10}},
		{"x := 1", "x := 10", Span{6, 6}, Span{6, 7}},
		{"abc", "xyz", Span{}, Span{}},
		{"same", "same", Span{4, 4}, Span{4, 4}},
		{"aXa", "aa", Span{1, 2}, Span{1, 1}},    // prefix and suffix never overlap
		{"é1é", "é2é", Span{2, 3}, Span{2, 3}},   // whole runes
		{"\xc3\xa9", "\xc3\xa8", Span{}, Span{}}, // a rune that differs in its last byte differs whole
		{"aa", "aaa", Span{2, 2}, Span{2, 3}},
	} {
		o, n := ChangedSpans(tc.old, tc.new)
		if o != tc.o || n != tc.n {
			t.Errorf("ChangedSpans(%q, %q) = %v %v, want %v %v", tc.old, tc.new, o, n, tc.o, tc.n)
		}
	}
}

func TestPairs(t *testing.T) {
	h := Hunk{Lines: []string{" c", "-a", "-b", "+A", " c", "-x", `\ No newline at end of file`, "+X", "+Y", "+Z"}}
	if got, want := Pairs(&h), []Pair{{1, 3}, {5, 7}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Pairs = %v, want %v", got, want)
	}
}
