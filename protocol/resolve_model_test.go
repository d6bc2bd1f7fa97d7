package protocol

import (
	"testing"
)

func TestResolveModel(t *testing.T) {
	init := &InitializeResponse{Models: []ModelInfo{
		{Value: "default", ResolvedModel: "claude-opus-5-5"},
		{Value: "sonnet", ResolvedModel: "claude-sonnet-5-5"},
	}}
	for _, tc := range []struct{ want, got string }{
		{"", "claude-opus-5-5"},
		{"sonnet", "claude-sonnet-5-5"},
		{"claude-haiku-5-5", "claude-haiku-5-5"},
		{"my-custom-model", "my-custom-model"},
	} {
		if got := init.ResolveModel(tc.want); got != tc.got {
			t.Errorf("ResolveModel(%q) = %q, want %q", tc.want, got, tc.got)
		}
	}
	if got := (&InitializeResponse{}).ResolveModel(""); got != "" {
		t.Errorf("with no model list the model stays unknown, got %q", got)
	}
}
