// Command mcpserver is a tiny stdio MCP server for gclaude's end-to-end tests: it
// offers the tools named on its command line (each echoes its arguments back) and,
// with -need FILE, fails to start until FILE exists, so a test can show a failed
// server and then reconnect it.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
)

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func main() {
	name := flag.String("name", "e2e-mcp", "the server's name in serverInfo")
	need := flag.String("need", "", "exit at once unless this file exists")
	flag.Parse()
	if *need != "" {
		if _, err := os.Stat(*need); err != nil {
			fmt.Fprintln(os.Stderr, "mcpserver: not ready:", *need, "is missing")
			os.Exit(3)
		}
	}
	tools := flag.Args()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		if json.Unmarshal(in.Bytes(), &req) != nil || len(req.ID) == 0 {
			continue // a notification, or nothing we understand
		}
		result, err := answer(req, *name, tools)
		msg := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		if err != "" {
			msg["error"] = map[string]any{"code": -32601, "message": err}
		} else {
			msg["result"] = result
		}
		_ = out.Encode(msg)
	}
}

func answer(req request, name string, tools []string) (any, string) {
	switch req.Method {
	case "initialize":
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(req.Params, &p)
		return map[string]any{
			"protocolVersion": p.ProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": name, "version": "1.2.3"},
		}, ""
	case "ping":
		return map[string]any{}, ""
	case "tools/list":
		list := make([]any, 0, len(tools))
		for _, t := range tools {
			list = append(list, map[string]any{
				"name":        t,
				"description": "Echoes its words back (" + t + ")",
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"words": map[string]any{"type": "string"}}},
			})
		}
		return map[string]any{"tools": list}, ""
	case "tools/call":
		var p struct {
			Name      string         `json:"name"`
			Arguments map[string]any `json:"arguments"`
		}
		_ = json.Unmarshal(req.Params, &p)
		words, _ := p.Arguments["words"].(string)
		return map[string]any{"content": []any{map[string]any{"type": "text", "text": p.Name + " says " + strings.TrimSpace(words)}}}, ""
	}
	return nil, "method not found: " + req.Method
}
