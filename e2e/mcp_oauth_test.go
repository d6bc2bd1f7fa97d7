package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// oauthMCP is an MCP server over streamable HTTP that wants an OAuth bearer token:
// without one it answers 401 and points at its metadata; it registers any client,
// "authorizes" at once by redirecting to the client's redirect_uri with a code, and
// trades that code for its token.
type oauthMCP struct {
	*httptest.Server
	mu       sync.Mutex
	token    string
	tokens   int      // codes traded for a token
	requests []string // method and path of each request
}

func newOAuthMCP(t *testing.T) *oauthMCP {
	t.Helper()
	s := &oauthMCP{token: "e2e-token"}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *oauthMCP) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.Method+" "+r.URL.Path)
	s.mu.Unlock()
	base := s.URL
	writeJSON := func(v any) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(v)
	}
	switch p := r.URL.Path; {
	case strings.HasPrefix(p, "/.well-known/oauth-protected-resource"):
		writeJSON(map[string]any{"resource": base + "/mcp", "authorization_servers": []string{base}})
	case strings.HasPrefix(p, "/.well-known/oauth-authorization-server"), strings.HasPrefix(p, "/.well-known/openid-configuration"):
		writeJSON(map[string]any{"issuer": base, "authorization_endpoint": base + "/authorize", "token_endpoint": base + "/token",
			"registration_endpoint": base + "/register", "response_types_supported": []string{"code"},
			"grant_types_supported": []string{"authorization_code", "refresh_token"}, "code_challenge_methods_supported": []string{"S256"},
			"token_endpoint_auth_methods_supported": []string{"none"}})
	case p == "/register":
		var reg map[string]any
		_ = json.NewDecoder(r.Body).Decode(&reg)
		reg["client_id"] = "e2e-client"
		reg["client_id_issued_at"] = time.Now().Unix()
		w.WriteHeader(http.StatusCreated)
		writeJSON(reg)
	case p == "/authorize":
		q := r.URL.Query()
		to, _ := url.Parse(q.Get("redirect_uri"))
		back := to.Query()
		back.Set("code", "e2e-code")
		back.Set("state", q.Get("state"))
		to.RawQuery = back.Encode()
		http.Redirect(w, r, to.String(), http.StatusFound)
	case p == "/token":
		_ = r.ParseForm()
		if r.Form.Get("code") != "e2e-code" && r.Form.Get("grant_type") != "refresh_token" {
			w.WriteHeader(http.StatusBadRequest)
			writeJSON(map[string]any{"error": "invalid_grant"})
			return
		}
		s.mu.Lock()
		s.tokens++
		s.mu.Unlock()
		writeJSON(map[string]any{"access_token": s.token, "token_type": "Bearer", "expires_in": 3600, "refresh_token": "e2e-refresh"})
	case p == "/mcp":
		if r.Header.Get("Authorization") != "Bearer "+s.token {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		s.rpc(w, r)
	default:
		http.NotFound(w, r)
	}
}

// rpc answers one JSON-RPC message of an authorized client.
func (s *oauthMCP) rpc(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &req) != nil || len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted) // a notification
		return
	}
	var result any = map[string]any{}
	switch req.Method {
	case "initialize":
		result = map[string]any{"protocolVersion": req.Params.ProtocolVersion, "capabilities": map[string]any{"tools": map[string]any{}},
			"serverInfo": map[string]any{"name": "remote-e2e", "version": "0.9"}}
	case "tools/list":
		result = map[string]any{"tools": []any{map[string]any{"name": "remote_lookup", "description": "Looks things up",
			"inputSchema": map[string]any{"type": "object"}}}}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

// /mcp's Authenticate on a server that wants OAuth: the panel shows it needs
// authentication, claude's sign-in address goes into the transcript, and once the
// browser has been there (here: a GET that follows the redirects back to claude) the
// server connects with its tool.
func TestE2EMCPAuthenticate(t *testing.T) {
	t.Parallel()
	remote := newOAuthMCP(t)
	cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"remote": map[string]any{"type": "http", "url": remote.URL + "/mcp"}}})
	a := startApp(t, appOptions{Width: 120, Height: 40, Args: []string{"--mcp-config", string(cfg)}})
	a.waitReady()
	a.prompt("/mcp")
	a.WaitFor("△ needs authentication · http", waitTimeout)
	a.SendKeys("Enter")
	screen := a.WaitFor("MCP server remote", waitTimeout)
	a.SendKeys(itoa(a.choiceNumber(screen, "Authenticate")), "Enter")
	a.WaitFor("To sign in to remote, open this address in your browser", waitTimeout)
	a.SendKeys("Escape")
	a.WaitFor("MCP servers", waitTimeout)
	a.SendKeys("Escape")
	a.WaitGone("MCP servers", waitTimeout)
	// The address as the transcript shows it, wrapped over several lines.
	screen = a.WaitFor("then reconnects the server", waitTimeout)
	const before, after = "open this address in your browser:", "· claude waits"
	i := strings.Index(screen, before)
	j := strings.Index(screen, after)
	if i < 0 || j < i {
		t.Fatalf("no sign-in address on screen:\n%s", frameScreen(screen))
	}
	authURL := strings.Join(strings.Fields(screen[i+len(before):j]), "")
	if !strings.HasPrefix(authURL, remote.URL+"/authorize?") || !strings.Contains(authURL, "state=") {
		t.Fatalf("sign-in address %q", authURL)
	}
	// The browser: the server redirects to claude's localhost callback with a code.
	resp, err := http.Get(authURL)
	if err != nil {
		t.Fatalf("following the sign-in address: %v", err)
	}
	_ = resp.Body.Close()
	deadline := time.Now().Add(waitTimeout)
	// The list itself, not the / menu's line for /mcp, whose description also says
	// "MCP servers": matching that let the loop press esc before the list opened, and
	// the list then took the next /mcp as typed into it.
	listed := regexp.MustCompile(`MCP servers[\s\S]*1\. remote`)
	for {
		a.prompt("/mcp")
		screen = a.WaitFor(listed, waitTimeout)
		if strings.Contains(screen, "✔ connected · 1 tool · http") {
			break
		}
		if time.Now().After(deadline) {
			remote.mu.Lock()
			t.Fatalf("remote never connected (tokens %d, requests %q):\n%s", remote.tokens, remote.requests, frameScreen(screen))
		}
		a.SendKeys("Escape")
		a.WaitGone("MCP servers", waitTimeout)
		time.Sleep(500 * time.Millisecond)
	}
	a.SendKeys("Enter")
	a.WaitFor(regexp.MustCompile(`Tools \(1\) +remote_lookup`), waitTimeout)
	a.WaitFor("remote-e2e 0.9", waitTimeout)
}
