package sessionfiles

import (
	"strings"
	"testing"
)

func TestEachLine(t *testing.T) {
	huge := strings.Repeat("x", 600<<10) // longer than the reader's buffer
	tests := []struct {
		name, in string
		want     []string
		lastCut  bool
	}{
		{"empty", "", nil, false},
		{"complete", "a\nb\n", []string{"a", "b"}, false},
		{"blank lines skipped", "a\n\n\r\nb\n", []string{"a", "b"}, false},
		{"crlf", "a\r\nb\r\n", []string{"a", "b"}, false},
		{"no final newline", "a\nb", []string{"a", "b"}, true},
		{"huge line", "a\n" + huge + "\nc\n", []string{"a", huge, "c"}, false},
		{"huge cut line", "a\n" + huge, []string{"a", huge}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			lastCut := false
			err := eachLine(strings.NewReader(tc.in), func(_ int, line []byte, last bool) error {
				got = append(got, string(line))
				lastCut = last
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d lines, want %d", len(got), len(tc.want))
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("line %d differs (len %d vs %d)", i, len(got[i]), len(tc.want[i]))
				}
			}
			if lastCut != tc.lastCut {
				t.Errorf("last line reported cut = %v, want %v", lastCut, tc.lastCut)
			}
		})
	}
}
