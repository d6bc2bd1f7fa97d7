package protocol

import "testing"

// CLI 2.1.332 says its commands changed after a reload that brought a plugin's command
// (a line of the e2e TestE2EPlugin's debug log, shortened).
func TestDecodeCommandsChangedAfterAPluginReload(t *testing.T) {
	line := `{"type":"system","subtype":"commands_changed","commands":[{"name":"deep-research","description":"Deep research harness","argumentHint":"","builtin":true},` +
		`{"name":"hello:greet","description":"(hello) Greet","argumentHint":""}],"session_id":"3545c4bc","uuid":"u1"}`
	msg, err := Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	cc, ok := msg.(*CommandsChanged)
	if !ok || len(cc.Commands) != 2 || cc.Commands[1].Name != "hello:greet" || cc.Commands[1].Description != "(hello) Greet" {
		t.Fatalf("Decode = %#v", msg)
	}
}
