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
		{"x := 1", "x := 10", Span{5, 6}, Span{5, 7}},
		{"abc", "xyz", Span{}, Span{}},
		{"same", "same", Span{4, 4}, Span{4, 4}},
		{"a.X.a", "a..a", Span{2, 3}, Span{2, 2}}, // prefix and suffix never overlap
		{"x.x", "x.x.x", Span{3, 3}, Span{3, 5}},
		{"é 1 é", "é 2 é", Span{3, 4}, Span{3, 4}}, // whole runes
		{"\xc3\xa9", "\xc3\xa8", Span{}, Span{}},   // a rune that differs in its last byte differs whole
		{"aa b", "aaa b", Span{0, 2}, Span{0, 3}},  // a changed word is marked whole
		{"Read the old name.", "Read the guide.", Span{9, 17}, Span{9, 14}},
		{"f(a, b)", "f(a, c)", Span{5, 6}, Span{5, 6}},
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
