package commands

import (
	"context"
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// Ask sends one control request to the CLI and returns the answer's response object
// (an error answer is an error). The session builds it from its Backend.
type Ask func(ctx context.Context, req protocol.ClientRequest) (json.RawMessage, error)

// raw is a request this CLI version knows but the protocol package has no type for.
func raw(subtype string, body any) protocol.ClientRequest {
	b, err := json.Marshal(body)
	if err != nil || string(b) == "null" {
		b = []byte("{}")
	}
	return protocol.RawClientRequest{Name: subtype, Body: b}
}

// askInto sends req and decodes the answer into v.
func askInto(ctx context.Context, ask Ask, req protocol.ClientRequest, v any) error {
	body, err := ask(ctx, req)
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return nil
	}
	return json.Unmarshal(body, v)
}

// control sends req for /command and reads the answer with done; a failed request
// says so.
func control(s Session, command string, req protocol.ClientRequest, done func(body json.RawMessage) Done) tea.Cmd {
	return s.Ask(command, func(ctx context.Context, ask Ask) Done {
		body, err := ask(ctx, req)
		if err != nil {
			return Done{Kind: noticeError, Text: fmt.Sprintf("/%s failed: %v", command, err)}
		}
		return done(body)
	})
}

// said is a Done that says text, as a warning when the command failed.
func said(text string, failed bool) Done {
	if failed {
		return Done{Kind: noticeWarning, Text: text}
	}
	return Done{Kind: noticeInfo, Text: text}
}
