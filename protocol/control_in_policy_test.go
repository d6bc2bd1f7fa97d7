package protocol

import "testing"

// CLI 2.1.328 marked the ask for a new file's Write with server_policy_ask_only; 2.1.332
// no longer sends the field (testdata/captures/exp02f_perm_write_new), so the line below
// is 2.1.328's, kept to check that older CLIs still decode.
const canUseToolPolicyAsk328 = `{"type":"control_request","request_id":"215ca687-58de-4dca-a08a-fbc8ba9e1dae","request":{"subtype":"can_use_tool","tool_name":"Write","display_name":"Write","input":{"file_path":"/home/dev/project/new.txt","content":"hello\nworld\n"},"description":"new.txt","permission_suggestions":[{"type":"setMode","mode":"acceptEdits","destination":"session"}],"server_policy_ask_only":true,"tool_use_id":"toolu_fake001"}}`

func TestCanUseToolServerPolicyAskOnly(t *testing.T) {
	msg, err := Decode([]byte(canUseToolPolicyAsk328))
	if err != nil {
		t.Fatal(err)
	}
	req, ok := msg.(*CanUseTool)
	if !ok {
		t.Fatalf("decoded %T, want *CanUseTool", msg)
	}
	if !req.ServerPolicyAskOnly || req.ToolName != "Write" || req.ToolUseID != "toolu_fake001" {
		t.Errorf("decoded %+v", req)
	}
}
