package clienv

import (
	"slices"
	"strings"
	"testing"
)

func TestSandboxed(t *testing.T) {
	spec := Spec{Home: "/s/home", Dir: "/s/project", Tmp: "/s/tmp", APIURL: "http://127.0.0.1:4321", APIKey: "sk-test-fake"}
	with := func(f func(*Spec)) Spec { s := spec; f(&s); return s }
	tests := []struct {
		name   string
		parent []string
		spec   Spec
		want   map[string][]string // every entry of these keys, in order
		absent []string
	}{
		{
			name:   "the sandbox replaces HOME, PWD, TMPDIR and XDG",
			parent: []string{"HOME=/home/me", "PWD=/home/me/src", "TMPDIR=/var/tmp", "XDG_CONFIG_HOME=/home/me/.config", "XDG_RUNTIME_DIR=/run/user/1"},
			spec:   spec,
			want: map[string][]string{
				"HOME": {"/s/home"}, "PWD": {"/s/project"}, "TMPDIR": {"/s/tmp"},
				"XDG_CONFIG_HOME": {"/s/home/.config"}, "XDG_CACHE_HOME": {"/s/home/.cache"},
				"XDG_DATA_HOME": {"/s/home/.local/share"}, "XDG_STATE_HOME": {"/s/home/.local/state"},
			},
			absent: []string{"XDG_RUNTIME_DIR"},
		},
		{
			name: "real endpoints and accounts are dropped; the fake API is set",
			parent: []string{
				"ANTHROPIC_API_KEY=sk-real", "ANTHROPIC_BASE_URL=https://api.anthropic.com", "ANTHROPIC_AUTH_TOKEN=real",
				"CLAUDE_CONFIG_DIR=/real", "CLAUDE_CODE_USE_BEDROCK=1", "CLAUDECODE=1",
				"AWS_PROFILE=work", "GOOGLE_APPLICATION_CREDENTIALS=/k.json", "VERTEX_REGION_CLAUDE_3=x", "CLOUD_ML_REGION=eu",
			},
			spec: spec,
			want: map[string][]string{
				"ANTHROPIC_BASE_URL": {"http://127.0.0.1:4321"}, "ANTHROPIC_API_KEY": {"sk-test-fake"},
			},
			absent: []string{"ANTHROPIC_AUTH_TOKEN", "CLAUDE_CONFIG_DIR", "CLAUDE_CODE_USE_BEDROCK", "CLAUDECODE",
				"AWS_PROFILE", "GOOGLE_APPLICATION_CREDENTIALS", "VERTEX_REGION_CLAUDE_3", "CLOUD_ML_REGION"},
		},
		{
			name: "proxies, telemetry and node options are dropped; traffic is switched off",
			parent: []string{
				"HTTPS_PROXY=http://proxy:3128", "https_proxy=http://proxy:3128", "ALL_PROXY=socks://p", "no_proxy=*",
				"NODE_OPTIONS=--require x", "OTEL_EXPORTER_OTLP_ENDPOINT=http://collector", "DISABLE_TELEMETRY=0",
			},
			spec: spec,
			want: map[string][]string{
				"NO_PROXY": {"127.0.0.1,localhost"}, "DISABLE_TELEMETRY": {"1"}, "DISABLE_ERROR_REPORTING": {"1"},
				"DISABLE_AUTOUPDATER": {"1"}, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": {"1"},
				"CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL": {"1"}, "CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL": {"1"},
			},
			absent: []string{"HTTPS_PROXY", "https_proxy", "ALL_PROXY", "no_proxy", "NODE_OPTIONS", "OTEL_EXPORTER_OTLP_ENDPOINT"},
		},
		{
			name:   "everything else is passed on",
			parent: []string{"PATH=/usr/bin", "LANG=C.UTF-8", "TERM=xterm", "GCLAUDE_KEEP_ME=yes"},
			spec:   spec,
			want:   map[string][]string{"PATH": {"/usr/bin"}, "LANG": {"C.UTF-8"}, "TERM": {"xterm"}, "GCLAUDE_KEEP_ME": {"yes"}},
		},
		{
			name: "no max retries means one",
			spec: spec,
			want: map[string][]string{"CLAUDE_CODE_MAX_RETRIES": {"1"}},
		},
		{
			name: "max retries",
			spec: with(func(s *Spec) { s.MaxRetries = 3 }),
			want: map[string][]string{"CLAUDE_CODE_MAX_RETRIES": {"3"}},
		},
		{
			name:   "extra entries come last and replace every entry of their key",
			parent: []string{"PATH=/usr/bin", "DUP=a", "DUP=b"},
			spec: with(func(s *Spec) {
				s.MaxRetries = 3
				s.Extra = []string{"CLAUDE_CODE_MAX_RETRIES=0", "PATH=/opt/bin", "DUP=c", "EXTRA=1"}
			}),
			want: map[string][]string{
				"CLAUDE_CODE_MAX_RETRIES": {"0"}, "PATH": {"/opt/bin"}, "DUP": {"c"}, "EXTRA": {"1"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := Sandboxed(tt.parent, tt.spec)
			values := map[string][]string{}
			for _, kv := range env {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					t.Errorf("entry %q has no '='", kv)
				}
				values[k] = append(values[k], v)
			}
			for k, want := range tt.want {
				if got := values[k]; !slices.Equal(got, want) {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			for _, k := range tt.absent {
				if got, ok := values[k]; ok {
					t.Errorf("%s was passed on: %q", k, got)
				}
			}
			if n := len(tt.spec.Extra); n > 0 && !slices.Equal(env[len(env)-n:], tt.spec.Extra) {
				t.Errorf("extra entries are not last: %q", env[len(env)-n:])
			}
		})
	}
}
