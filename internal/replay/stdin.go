package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/gclaude/gclaude/protocol"
)

// readLines returns the non-blank lines of a file. bufio.Reader has no line-length
// limit: captured lines reach 1.1 MB.
func readLines(path string) ([][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	var lines [][]byte
	br := bufio.NewReader(f)
	for {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			lines = append(lines, bytes.TrimRight(line, "\r\n"))
		}
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return nil, fmt.Errorf("replay: reading %s: %w", path, err)
		}
	}
}

// stdinLine is the part of a client line (stdin) the replay needs.
type stdinLine struct {
	Type     string                       `json:"type"`
	Message  *protocol.UserBody           `json:"message"`
	Response protocol.ControlResponseBody `json:"response"`
	UUID     string                       `json:"uuid"`
}

// promptEcho is the user message the CLI echoes for a prompt the client wrote, or nil
// when the line was not a prompt.
func promptEcho(line []byte) *protocol.User {
	var l stdinLine
	if json.Unmarshal(line, &l) != nil || l.Type != "user" || l.Message == nil {
		return nil
	}
	u := &protocol.User{Message: *l.Message, IsReplay: true}
	u.UUID = l.UUID
	if u.Message.Role == "" {
		u.Message.Role = "user"
	}
	return u
}

// recordedAnswers are the host's control responses, by the id of the request answered.
func recordedAnswers(stdin [][]byte) map[string]protocol.ControlResponseBody {
	answers := map[string]protocol.ControlResponseBody{}
	for _, line := range stdin {
		var l stdinLine
		if json.Unmarshal(line, &l) == nil && l.Type == "control_response" && l.Response.RequestID != "" {
			answers[l.Response.RequestID] = l.Response
		}
	}
	return answers
}
