// Package protocol is the wire format of the Claude Code CLI's headless stream-json mode:
// typed values for every line the CLI writes on stdout, a decoder that never fails a
// session because of a type it does not know, and encoders for every line the client
// (gclaude, the CLI's peer) writes on stdin. It uses the standard library only and knows nothing of processes or UI.
//
// Entry points:
//   - Decode reads a stdout line; DecodeClient reads a stdin line (for tests and captures).
//   - DecodeResponse[T] reads the payload of a control_response (InitializeResponse,
//     SetModelResponse, ContextUsage…); an error response becomes a *ControlError.
//   - DecodeToolInput and DecodeToolUseResult give a tool's typed input and result
//     (BashInput, EditResult with its structuredPatch Hunks…): the one schema renderers
//     and dialogs share. UpdateInput writes a changed typed input back into the input the
//     CLI sent, keeping every member the type does not declare (InputFields).
//   - EncodeUserMessage, EncodeControlRequest, EncodePermission, EncodeControlSuccess and
//     EncodeControlError write exactly one valid JSON line or refuse with ErrInvalidLine.
//
// The shapes follow what CLI 2.1.328 was measured to send (shared/protocol/REFERENCE.md)
// and its own schemas, which differ in places from the published SDK types.
package protocol
