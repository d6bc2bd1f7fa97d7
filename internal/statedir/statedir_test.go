package statedir

import "testing"

func TestDir(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string // "" means an error
	}{
		{"xdg", map[string]string{"XDG_STATE_HOME": "/state", "HOME": "/home/u"}, "/state/gclaude"},
		{"home default", map[string]string{"HOME": "/home/u"}, "/home/u/.local/state/gclaude"},
		{"relative xdg ignored", map[string]string{"XDG_STATE_HOME": "rel", "HOME": "/home/u"}, "/home/u/.local/state/gclaude"},
		{"nothing", map[string]string{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Dir(func(k string) string { return tt.env[k] })
			if tt.want == "" {
				if err == nil {
					t.Fatalf("Dir = %q, want an error", got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Dir = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
