// Package protocol is the wire format of the Claude Code CLI's headless stream-json mode:
// typed values for every line the CLI writes on stdout, a decoder that never fails a
// session because of a type it does not know, and encoders for every line the host writes
// on stdin. It uses the standard library only and knows nothing of processes or UI.
//
// The shapes follow what CLI 2.1.328 was measured to send (shared/protocol/REFERENCE.md),
// which differs in places from the published SDK types.
package protocol
