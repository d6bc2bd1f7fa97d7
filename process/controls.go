package process

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gclaude/gclaude/protocol"
)

// Typed wrappers around Request for the control requests the UI uses.

// Interrupt stops the running turn. The turn's result (error_during_execution with an
// aborted terminal reason) follows on Events; a pending permission request is withdrawn
// with a Cancelled event first.
func (s *CLI) Interrupt(ctx context.Context) error {
	_, err := s.Request(ctx, protocol.Interrupt{})
	return err
}

// SetModel switches the model ("" means the default) and returns the model the CLI
// resolved. An unknown model fails with a *ControlError whose Code is
// protocol.ErrCodeNotFound and whose Model is the model still in use.
func (s *CLI) SetModel(ctx context.Context, model string) (string, error) {
	var r protocol.SetModelResponse
	err := s.call(ctx, protocol.SetModel{Model: model}, &r)
	return r.Model, err
}

// SetPermissionMode switches the permission mode and returns the mode now in effect
// ("manual" comes back as "default"). Codes: protocol.ErrCodeBypassNotLaunched,
// protocol.ErrCodeInvalidMode.
func (s *CLI) SetPermissionMode(ctx context.Context, mode string) (string, error) {
	var r protocol.SetPermissionModeResponse
	err := s.call(ctx, protocol.SetPermissionMode{Mode: mode}, &r)
	return r.Mode, err
}

// SetMaxThinkingTokens sets the thinking budget; nil clears it.
func (s *CLI) SetMaxThinkingTokens(ctx context.Context, tokens *int) error {
	return s.call(ctx, protocol.SetMaxThinkingTokens{MaxThinkingTokens: tokens}, nil)
}

// StopTask stops a subagent or background task (an unknown id is not an error).
func (s *CLI) StopTask(ctx context.Context, taskID string) error {
	return s.call(ctx, protocol.StopTask{TaskID: taskID}, nil)
}

// RenameSession sets the session's title; a system/session_title_changed message follows.
func (s *CLI) RenameSession(ctx context.Context, title string) error {
	return s.call(ctx, protocol.RenameSession{Title: title}, nil)
}

// GetContextUsage returns the context window breakdown. detail "summary" avoids the
// count_tokens calls the full form makes (it takes about a second).
func (s *CLI) GetContextUsage(ctx context.Context, detail string) (*protocol.ContextUsage, error) {
	var r protocol.ContextUsage
	if err := s.call(ctx, protocol.GetContextUsage{Detail: detail}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// GetSessionCost returns the CLI's formatted cost summary.
func (s *CLI) GetSessionCost(ctx context.Context) (string, error) {
	var r protocol.SessionCost
	err := s.call(ctx, protocol.GetSessionCost{}, &r)
	return r.Text, err
}

// ListModels returns the models the CLI offers (the same list as in Ready).
func (s *CLI) ListModels(ctx context.Context) ([]protocol.ModelInfo, error) {
	var r protocol.ListModelsResponse
	err := s.call(ctx, protocol.ListModels{}, &r)
	return r.Models, err
}

// MCPStatus returns the MCP servers' states.
func (s *CLI) MCPStatus(ctx context.Context) ([]protocol.MCPServer, error) {
	var r protocol.MCPStatusResponse
	err := s.call(ctx, protocol.MCPStatus{}, &r)
	return r.MCPServers, err
}

// RewindFiles restores files to their state at a user message (dryRun only reports).
// The response is returned raw: its shape is not pinned down by the protocol package.
func (s *CLI) RewindFiles(ctx context.Context, userMessageID string, dryRun bool) (json.RawMessage, error) {
	b, err := s.Request(ctx, protocol.RewindFiles{UserMessageID: userMessageID, DryRun: dryRun})
	return b.Response, err
}

// call sends r and decodes a success payload into out (nil: ignore the payload).
func (s *CLI) call(ctx context.Context, r protocol.ClientRequest, out any) error {
	b, err := s.Request(ctx, r)
	if err != nil {
		return err
	}
	if out == nil || len(b.Response) == 0 {
		return nil
	}
	if err := json.Unmarshal(b.Response, out); err != nil {
		return fmt.Errorf("process: decoding the %s response: %w", r.Subtype(), err)
	}
	return nil
}
