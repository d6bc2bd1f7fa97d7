package process

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/gclaude/gclaude/protocol"
)

// readStdout decodes the CLI's stdout line by line until it ends. Lines over 1 MiB are
// normal (a Write of a large file); a line over the session's cap stops the CLI.
func (s *CLI) readStdout(r io.Reader) {
	br := bufio.NewReaderSize(newPacedReader(r), 64<<10)
	for {
		line, err := readLine(br, s.maxLine)
		if len(bytes.TrimSpace(line)) > 0 {
			s.answered.Store(true)
			s.trace(DirStdout, line)
			s.dispatch(line, false)
		}
		var tooLong *LineTooLongError
		if errors.As(err, &tooLong) {
			s.stopForFault(tooLong)
			return
		}
		if err != nil {
			return // EOF, or the exit path closed the pipe
		}
	}
}

// dispatch routes one stdout line: responses resolve waiting calls, CLI requests become
// events or are refused, everything else is a Message. replayed: the line comes from
// the session server's record (Attach), so nothing is answered now and the events
// say so.
func (s *CLI) dispatch(line []byte, replayed bool) {
	msg, err := protocol.Decode(line)
	if err != nil {
		var de *protocol.DecodeError
		if !errors.As(err, &de) {
			de = &protocol.DecodeError{Line: bytes.Clone(line), Err: err}
		}
		s.events.push(DecodeError{Err: de})
		return
	}
	switch m := msg.(type) {
	case *protocol.ControlResponse:
		if !s.calls.resolve(m.Response) { // not ours: an echo, a late answer, another screen's
			s.otherResponse(m.Response, replayed)
		}
	case *protocol.CanUseTool:
		s.inbound.add(m.RequestID, kindPermission)
		s.events.push(PermissionRequest{Req: m, Replayed: replayed})
	case *protocol.Elicitation:
		s.inbound.add(m.RequestID, kindElicitation)
		s.events.push(ElicitationRequest{Req: m, Replayed: replayed})
	case *protocol.ControlCancelRequest:
		s.inbound.cancel(m.RequestID)
		s.events.push(Cancelled{RequestID: m.RequestID, Replayed: replayed})
	case *protocol.HookCallback:
		s.refuseOrDefer(m.RequestID, "gclaude registered no hook "+m.CallbackID, replayed)
	case *protocol.MCPMessage:
		s.refuseOrDefer(m.RequestID, "gclaude hosts no MCP server "+m.ServerName, replayed)
	case *protocol.Unknown:
		if m.Type == "control_request" {
			s.refuseOrDefer(m.RequestID, "gclaude does not support control request "+m.Subtype, replayed)
			return
		}
		s.events.push(Message{Msg: m, Replayed: replayed})
	case *protocol.KeepAlive:
		// A heartbeat: nothing to show.
	case *protocol.SystemInit:
		s.turn.started()
		s.events.push(Message{Msg: m, Replayed: replayed})
	case *protocol.Result:
		s.turn.ended(m)
		s.events.push(Message{Msg: m, Replayed: replayed})
	default:
		s.events.push(Message{Msg: m, Replayed: replayed})
	}
}

// refuseOrDefer refuses a request now, or, for a replayed one, once the replay says
// it still waits (Live): another screen may have refused it already.
func (s *CLI) refuseOrDefer(id, why string, replayed bool) {
	if replayed && s.link != nil {
		s.link.deferRefusal(id, why)
		return
	}
	s.refuse(id, why)
}

// refuse answers a CLI request the session cannot serve, so the CLI does not wait for
// it forever. The write is not awaited: the reader must never block on stdin.
func (s *CLI) refuse(id, why string) {
	if line, err := protocol.EncodeControlError(id, why); err == nil {
		s.w.send(line)
	}
}

// finishInit reports initialize's outcome; it runs once, from whoever settled the call.
func (s *CLI) finishInit(res callResult) { s.reportInit(res, false) }

// reportInit reports an initialize answer: this CLI's own, or (attached) the one
// claude gave the screen that started it.
func (s *CLI) reportInit(res callResult, replayed bool) {
	if res.err != nil {
		s.events.push(InitFailed{Err: res.err})
		return
	}
	var init protocol.InitializeResponse
	if len(res.body.Response) > 0 {
		if err := json.Unmarshal(res.body.Response, &init); err != nil {
			s.events.push(InitFailed{Err: fmt.Errorf("process: decoding the initialize response: %w", err)})
			return
		}
	}
	s.init.Store(&init)
	if err := s.remoteTooOld(init.ClaudeCodeVersion); err != nil {
		// A local CLI's version is checked before it starts (doctor, version); a remote
		// one's is only known now. Too old to trust its protocol: stop it and say why.
		s.events.push(InitFailed{Err: err})
		s.stopForFault(err)
		return
	}
	s.events.push(Ready{Init: &init, Replayed: replayed})
}

// remoteTooOld is a *TooOldError when claude runs on another host and reports a
// version older than MinVersion.
func (s *CLI) remoteTooOld(reported string) error {
	if s.host == nil {
		return nil
	}
	if v, ok := parseVersion(reported); ok && tooOld(v) {
		return &TooOldError{Version: reported, Where: "on " + s.host.Spec}
	}
	return nil
}
