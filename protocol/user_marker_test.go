package protocol

import "testing"

func TestIsInterruptMarker(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{InterruptMarker, true},
		{InterruptMarkerForTool, true},
		{"  " + InterruptMarkerForTool + "\n", true},
		{"[Request interrupted", false},
		{"hello", false},
	} {
		raw, _ := EncodeUserMessage(UserInput{Text: tc.text})
		msg, err := Decode(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := msg.(*User).IsInterruptMarker(); got != tc.want {
			t.Errorf("IsInterruptMarker(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
