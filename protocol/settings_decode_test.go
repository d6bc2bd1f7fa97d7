package protocol

import (
	"encoding/json"
	"errors"
	"testing"
)

// settingsControls reads testdata/settings_controls.json: CLI 2.1.328's answers to
// get_settings and update_settings with a user settings file (editorMode, model,
// statusLine) and a project one (permissions.defaultMode), before and after
// update_settings set outputStyle and "/effort high" ran.
func settingsControls(t *testing.T) map[string]ControlResponseBody {
	return testdataResponses(t, "settings_controls.json")
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

// A subscriber's plan windows, as the CLI's get_usage schema declares them (no
// subscription was at hand to capture one).
func TestDecodeUsageRateLimits(t *testing.T) {
	body := ControlResponseBody{Subtype: "success", RequestID: "u", Response: json.RawMessage(`{"session":{"total_cost_usd":0.25,"total_api_duration_ms":1200,"total_duration_ms":60000,"total_lines_added":3,"total_lines_removed":1,"model_usage":{"claude-opus-5-5":{"inputTokens":10,"outputTokens":20,"cacheReadInputTokens":0,"cacheCreationInputTokens":0,"costUSD":0.25,"contextWindow":1000000,"maxOutputTokens":64000}}},` +
		`"subscription_type":"max","rate_limits_available":true,"rate_limits":{"five_hour":{"utilization":23,"resets_at":"2026-11-27T15:00:00Z"},"seven_day":{"utilization":null,"resets_at":null},"model_scoped":[{"display_name":"Fable","utilization":5,"resets_at":"2026-12-01T00:00:00Z"}]},"behaviors":null}`)}
	r := decodeAndCheck[UsageResponse](t, body)
	if r.SubscriptionType == nil || *r.SubscriptionType != "max" || !r.RateLimitsAvailable || r.RateLimits == nil {
		t.Fatalf("%+v", r)
	}
	l := r.RateLimits
	if l.FiveHour == nil || l.FiveHour.Utilization == nil || *l.FiveHour.Utilization != 23 || l.SevenDay == nil || l.SevenDay.Utilization != nil {
		t.Errorf("windows %+v", l)
	}
	if len(l.ModelScoped) != 1 || l.ModelScoped[0].DisplayName != "Fable" || r.Session.ModelUsage["claude-opus-5-5"].OutputTokens != 20 {
		t.Errorf("%+v", r)
	}
}
