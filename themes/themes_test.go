package themes

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

func TestDetect(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		theme   string
		dark    bool
		getenv  func(string) string
		want    Kind
		wantErr bool
	}{
		{"auto", true, nil, Dark, false},
		{"auto", false, nil, Light, false},
		{"", false, nil, Light, false},
		{"dark", false, nil, Dark, false},
		{"light", true, nil, Light, false},
		{" Light ", true, nil, Light, false},
		{"dark", true, env("NO_COLOR", "1"), Mono, false},
		{"auto", false, env("NO_COLOR", "yes"), Mono, false},
		{"dark", true, env("NO_COLOR", ""), Dark, false},
		{"solarized", true, nil, Dark, true},
		{"solarized", true, env("NO_COLOR", "1"), Mono, true},
	}
	for _, tt := range tests {
		got, err := Detect(tt.theme, tt.dark, tt.getenv)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("Detect(%q, %v) = %v, %v; want %v, err=%v", tt.theme, tt.dark, got, err, tt.want, tt.wantErr)
		}
	}
}

// eachStyle calls fn for every lipgloss.Style reachable from s.
func eachStyle(s *Styles, fn func(name string, st lipgloss.Style)) {
	var walk func(prefix string, v reflect.Value)
	walk = func(prefix string, v reflect.Value) {
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			name := prefix + v.Type().Field(i).Name
			switch x := f.Interface().(type) {
			case lipgloss.Style:
				fn(name, x)
			default:
				if f.Kind() == reflect.Struct && strings.HasSuffix(f.Type().Name(), "Styles") {
					walk(name+".", f)
				}
			}
		}
	}
	walk("", reflect.ValueOf(s).Elem())
}

func TestMonoHasNoColour(t *testing.T) {
	s := New(Mono)
	n := 0
	eachStyle(s, func(name string, st lipgloss.Style) {
		n++
		out := st.Render("x")
		if strings.Contains(out, "[38;") || strings.Contains(out, "[48;") || strings.Contains(out, "[58;") {
			t.Errorf("%s renders colour in Mono: %q", name, out)
		}
	})
	if n < 50 {
		t.Fatalf("walked only %d styles; the reflection walk is broken", n)
	}
}

func TestDarkAndLightDiffer(t *testing.T) {
	d, l := New(Dark), New(Light)
	if d.Text.Render("x") == l.Text.Render("x") {
		t.Error("dark and light body text render the same")
	}
	if d.Diff.Add.Render("x") == l.Diff.Add.Render("x") {
		t.Error("dark and light added diff lines render the same")
	}
	if New(Kind(42)).Kind != Dark {
		t.Error("unknown kind should fall back to Dark")
	}
}

func TestMarkdownStyleHasNoDocumentPadding(t *testing.T) {
	for _, k := range []Kind{Dark, Light, Mono} {
		md := New(k).Markdown
		doc := md.Document
		if doc.Margin == nil || *doc.Margin != 0 {
			t.Errorf("%v: document margin = %v, want 0", k, doc.Margin)
		}
		if doc.Color != nil || doc.BackgroundColor != nil || doc.Indent != nil {
			t.Errorf("%v: document must not be coloured or indented", k)
		}
		if doc.BlockPrefix != "" || doc.BlockSuffix != "" {
			t.Errorf("%v: document must not add blank lines", k)
		}
		if k == Mono && (md.Text.Color != nil || md.CodeBlock.Theme != "") {
			t.Errorf("mono markdown has colour")
		}
		if k != Mono && md.CodeBlock.Theme == "" {
			t.Errorf("%v: no syntax highlighting theme", k)
		}
	}
}
