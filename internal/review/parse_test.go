package review

import (
	"reflect"
	"testing"
)

// A removed line that reads like a header ("--- x") or a hunk ("@@") stays in its
// hunk: the hunk's header counts its lines.
func TestParseCountsHunkLines(t *testing.T) {
	text := "diff --git a/x b/x\nindex 1111111111111111111111111111111111111111..2222222222222222222222222222222222222222 100644\n--- a/x\n+++ b/x\n" +
		"@@ -1,3 +1,2 @@ func f() {\n--- not a header\n-@@ -9 +9 @@\n context\n\\ No newline at end of file\n" +
		"diff --git a/y b/y\ndeleted file mode 100755\nindex 3333333333333333333333333333333333333333..0000000000000000000000000000000000000000\n--- a/y\n+++ /dev/null\n@@ -1 +0,0 @@\n-y\n"
	files := Parse(text)
	if len(files) != 2 {
		t.Fatalf("%d files", len(files))
	}
	x := files[0]
	want := Hunk{OldStart: 1, OldLines: 3, NewStart: 1, NewLines: 2, Section: "func f() {",
		Lines: []string{"--- not a header", "-@@ -9 +9 @@", " context", `\ No newline at end of file`}}
	if len(x.Hunks) != 1 || !reflect.DeepEqual(x.Hunks[0], want) {
		t.Fatalf("hunk %+v", x.Hunks)
	}
	if x.Removed != 2 || x.Added != 0 || x.OldMode != "100644" || x.NewMode != "100644" || x.OldPath != "x" || x.NewPath != "x" {
		t.Fatalf("file %+v", x)
	}
	y := files[1]
	if y.Status != Deleted || y.Path() != "y" || y.NewPath != "" || y.OldMode != "100755" || y.NewBlob != zeroBlob {
		t.Fatalf("deleted %+v", y)
	}
}

// Names come from wherever git wrote them: quoted, with spaces, renamed, binary.
func TestParseNames(t *testing.T) {
	for _, tc := range []struct {
		text     string
		old, new string
		binary   bool
	}{
		{"diff --git a/sp ace b/sp ace\nindex 1..2 100644\nBinary files a/sp ace and b/sp ace differ\n", "sp ace", "sp ace", true},
		{"diff --git \"a/t\\tb\" \"b/t\\tb\"\nold mode 100644\nnew mode 100755\n", "t\tb", "t\tb", false},
		{"diff --git a/\"q\" b/\"q\"\n--- a/\"q\"\n+++ b/\"q\"\t\n", `"q"`, `"q"`, false},
		{"diff --git a/\303\251 b/\303\251\n--- \"a/\\303\\251\"\n+++ \"b/\\303\\251\"\n", "é", "é", false},
		{"diff --git a/o b/n n\nsimilarity index 90%\nrename from o\nrename to n n\n", "o", "n n", false},
	} {
		f := Parse(tc.text)
		if len(f) != 1 || f[0].OldPath != tc.old || f[0].NewPath != tc.new || f[0].Binary != tc.binary {
			t.Errorf("%q: %+v", tc.text, f)
		}
	}
}

// Whatever the input, Parse returns without failing, and hunks hold only diff lines.
func FuzzParse(f *testing.F) {
	f.Add("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n")
	f.Add("diff --git \"a/\\1 b/\n@@ -1 +1 @@\n\\\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, file := range Parse(s) {
			for _, h := range file.Hunks {
				for _, l := range h.Lines {
					if l == "" || (l[0] != ' ' && l[0] != '-' && l[0] != '+' && l[0] != '\\') {
						t.Fatalf("hunk line %q", l)
					}
				}
			}
		}
	})
}
