package process

import (
	"testing"

	"github.com/gclaude/gclaude/internal/clirig"
)

// CheckAuth against the pinned CLI in a throwaway HOME: the rig's fake key counts as
// an API key; without it the CLI says it is not logged in (and exits 1, which is a
// status, not an error).
func TestCheckAuthE2E(t *testing.T) {
	withKey := clirig.New(t, clirig.Options{})
	st, err := CheckAuth(withKey.Bin, withKey.Env())
	if err != nil || !st.LoggedIn || st.APIKeySource != "ANTHROPIC_API_KEY" {
		t.Fatalf("with the fake key: %+v, %v", st, err)
	}
	if got := st.Describe(); got != "api_key from ANTHROPIC_API_KEY" {
		t.Errorf("Describe() = %q", got)
	}

	noKey := clirig.New(t, clirig.Options{Env: []string{"ANTHROPIC_API_KEY="}})
	st, err = CheckAuth(noKey.Bin, noKey.Env())
	if err != nil || st.LoggedIn || st.AuthMethod != "none" {
		t.Fatalf("without a key: %+v, %v", st, err)
	}
}
