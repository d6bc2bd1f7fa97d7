package protocol

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// settingsControls reads testdata/settings_controls.json: CLI 2.1.328's answers to
// get_settings and update_settings with a user settings file (editorMode, model,
// statusLine) and a project one (permissions.defaultMode), before and after
// update_settings set outputStyle and "/effort high" ran.
func settingsControls(t *testing.T) map[string]ControlResponseBody {
	t.Helper()
	data, err := os.ReadFile("testdata/settings_controls.json")
	if err != nil {
		t.Fatal(err)
	}
	var lines map[string]ControlResponse
	if err := json.Unmarshal(data, &lines); err != nil {
		t.Fatal(err)
	}
	out := map[string]ControlResponseBody{}
	for k, v := range lines {
		out[k] = v.Response
	}
	return out
}

func TestDecodeGetSettings(t *testing.T) {
	resp := settingsControls(t)
	r := decodeAndCheck[SettingsResponse](t, resp["get_settings_files"])
	if len(r.Sources) != 2 || r.Sources[0].Source != SourceUserSettings || r.Sources[1].Source != SourceProjectSettings {
		t.Fatalf("sources %+v", r.Sources)
	}
	if r.Applied.Model != "claude-sonnet-5-5" || r.Applied.Effort == nil || *r.Applied.Effort != "medium" {
		t.Errorf("applied %+v", r.Applied)
	}
	for key, want := range map[string]string{"editorMode": SourceUserSettings, "statusLine": SourceUserSettings, "permissions": SourceProjectSettings} {
		if src, v, ok := r.Source(key); !ok || src != want || len(v) == 0 {
			t.Errorf("Source(%q) = %q, %s, %v; want %q", key, src, v, ok, want)
		}
	}
	if _, _, ok := r.Source("outputStyle"); ok {
		t.Error("outputStyle has a source before it was set")
	}
	if string(r.Effective["model"]) != `"sonnet"` {
		t.Errorf("effective model %s", r.Effective["model"])
	}

	after := decodeAndCheck[SettingsResponse](t, resp["get_settings_output_style"])
	if src, v, ok := after.Source("outputStyle"); !ok || src != SourceLocalSettings || string(v) != `"Explanatory"` {
		t.Errorf("outputStyle after update_settings: %q %s %v", src, v, ok)
	}
	effort := decodeAndCheck[SettingsResponse](t, resp["get_settings_effort_high"])
	if effort.Applied.Effort == nil || *effort.Applied.Effort != "high" {
		t.Errorf("effort after /effort high: %+v", effort.Applied)
	}
}

func TestDecodeUpdateSettings(t *testing.T) {
	resp := settingsControls(t)
	if b := resp["update_settings_output_style"]; b.IsError() || string(b.Response) != "{}" {
		t.Errorf("update_settings: %+v", b)
	}
	_, err := DecodeResponse[SettingsResponse](resp["update_settings_refused"])
	var ce *ControlError
	if !errors.As(err, &ce) || ce.Message != "update_settings keys not allowed: theme" {
		t.Errorf("a key the CLI does not take: %v", err)
	}
}
