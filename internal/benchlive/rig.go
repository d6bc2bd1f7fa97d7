package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/internal/clienv"
	"github.com/gclaude/gclaude/internal/trust"
)

// rig is what every mode runs gclaude in: the fake API with one answer per scenario,
// and a throwaway HOME, project folder and TMPDIR.
type rig struct {
	api           *fakeapi.Server
	base, project string
	env           []string // gclaude's whole environment
	scenarios     []fakeapi.Scenario
}

// newRig serves n different answers (scenarioOf(1) … scenarioOf(n)).
func newRig(c config, n int) (*rig, error) {
	var scenarios []fakeapi.Scenario
	for k := range n {
		scenarios = append(scenarios, fakeapi.Scenario{
			Name:  scenarioOf(k + 1),
			Steps: []fakeapi.Step{{Blocks: []fakeapi.Block{fakeapi.Text(benchdoc.VariantIn(c.size, marker, k, c.code))}, Stream: fakeapi.StreamOptions{ChunkRunes: c.delta, DeltaDelay: c.delay}}},
		})
	}
	api, err := fakeapi.New(fakeapi.Config{Scenarios: scenarios})
	if err != nil {
		return nil, err
	}
	r := &rig{api: api, scenarios: scenarios}
	if r.base, err = os.MkdirTemp("", "gclaude-bench"); err != nil {
		api.Close()
		return nil, err
	}
	home := filepath.Join(r.base, "home")
	r.project = filepath.Join(r.base, "project")
	for _, d := range []string{home, r.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			r.close()
			return nil, err
		}
	}
	// The sandbox's folders (the project and the other sessions' beside it) are trusted
	// in Claude Code's record, so gclaude asks nothing before it starts claude there.
	if err := trust.Seed(home, r.base); err != nil {
		r.close()
		return nil, err
	}
	r.env = termEnv(clienv.Sandboxed(os.Environ(), clienv.Spec{
		Home: home, Dir: r.project, Tmp: r.base, APIURL: api.URL(), APIKey: "sk-bench-fake",
	}))
	r.env = append(r.env, c.extraEnv...)
	if c.cpuProfile != "" {
		abs, err := filepath.Abs(c.cpuProfile)
		if err != nil {
			r.close()
			return nil, err
		}
		r.env = append(r.env, "GCLAUDE_CPUPROFILE="+abs)
	}
	return r, nil
}

// getenv reads the rig's environment, as gclaude will.
func (r *rig) getenv(key string) string {
	for i := len(r.env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(r.env[i], "="); ok && k == key {
			return v
		}
	}
	return ""
}

func (r *rig) close() {
	r.api.Close()
	_ = os.RemoveAll(r.base)
}
