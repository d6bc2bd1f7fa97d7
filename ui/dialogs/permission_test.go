package dialogs

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// encode is the exact control_response line the root would write for an action.
func encode(t *testing.T, a Action) string {
	t.Helper()
	r, ok := a.(Respond)
	if !ok {
		t.Fatalf("action = %#v, want Respond", a)
	}
	b, err := protocol.EncodePermission(r.RequestID, r.Decision)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

const (
	bashID    = "8714c102-5957-441e-9830-f3152f8b0a48"
	bashInput = `{"command":"touch /home/dev/project/x","description":"Create empty file x"}`
)

// feedbackJSON is FeedbackPreamble as it appears inside a JSON string.
var feedbackJSON = strings.ReplaceAll(FeedbackPreamble, "\n", `\n`)

var stopResponse = bashResponse(`{"behavior":"deny","message":"` + StopMessage + `","interrupt":true}`)

func bashResponse(body string) string {
	return `{"type":"control_response","response":{"subtype":"success","request_id":"` + bashID + `","response":` + body + `}}`
}

func TestPermissionResponses(t *testing.T) {
	tests := []struct {
		name    string
		keys    []string
		text    string // typed after keys, then enter
		want    string
		summary string
	}{
		{"allow once", []string{"1"}, "", bashResponse(`{"behavior":"allow","updatedInput":` + bashInput + `}`), "Allowed once"},
		{"allow once by arrows", []string{"down", "enter"}, "", bashResponse(`{"behavior":"allow","updatedInput":` + bashInput + `}`), "Allowed once"},
		{"always allow rule in local settings", []string{"2"}, "",
			bashResponse(`{"behavior":"allow","updatedInput":` + bashInput + `,"updatedPermissions":[{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"touch /home/dev/project/x"}],"behavior":"allow","destination":"localSettings"}]}`),
			"Allowed · always allow `Bash(touch /home/dev/project/x)` in this project"},
		{"add directory for the session", []string{"3"}, "",
			bashResponse(`{"behavior":"allow","updatedInput":` + bashInput + `,"updatedPermissions":[{"type":"addDirectories","directories":["/home/dev/project"],"destination":"session"}]}`),
			"Allowed · also allow folder /home/dev/project for this session"},
		{"accept edits for the session", []string{"4"}, "",
			bashResponse(`{"behavior":"allow","updatedInput":` + bashInput + `,"updatedPermissions":[{"type":"setMode","mode":"acceptEdits","destination":"session"}]}`),
			"Allowed · switched to accept edits mode"},
		{"deny with feedback", []string{"5"}, "use yarn instead, 1 step",
			bashResponse(`{"behavior":"deny","message":"` + feedbackJSON + `use yarn instead, 1 step"}`), "Rejected: use yarn instead, 1 step"},
		{"deny with empty feedback stops", []string{"5"}, "", stopResponse, rejectedSummary},
		{"deny and stop", []string{"6"}, "", stopResponse, rejectedSummary},
		{"esc rejects and stops", []string{"esc"}, "", stopResponse, rejectedSummary},
		{"esc from a selected choice still stops", []string{"down", "esc"}, "", stopResponse, rejectedSummary},
		{"up from nothing wraps to stop", []string{"up", "enter"}, "", stopResponse, rejectedSummary},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c)
			a := press(t, d, tt.keys...)
			if tt.keys[0] == "5" {
				if a != nil {
					t.Fatalf("the feedback choice answered before the words: %#v", a)
				}
				typeText(d, tt.text)
				a = press(t, d, "enter")
			}
			if got := encode(t, a); got != tt.want {
				t.Errorf("response\n got %s\nwant %s", got, tt.want)
			}
			if s := a.(Respond).Summary; s != tt.summary {
				t.Errorf("summary = %q, want %q", s, tt.summary)
			}
			if a.(Respond).InputEdited {
				t.Error("InputEdited is set though nothing was edited")
			}
		})
	}
}

func TestPermissionEscSendsTypedFeedback(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c)
	press(t, d, "5")
	typeText(d, "not now")
	want := bashResponse(`{"behavior":"deny","message":"` + feedbackJSON + `not now"}`)
	if got := encode(t, press(t, d, "esc")); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// Keys typed into the feedback field are text, even those that are commands
// elsewhere: a "1" or "e" or "j" there must not select, edit or move.
func TestPermissionFeedbackTakesCommandKeysAsText(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c)
	press(t, d, "5")
	if a := typeText(d, "1 e j k 2"); a != nil {
		t.Fatalf("typing produced %#v", a)
	}
	want := bashResponse(`{"behavior":"deny","message":"` + feedbackJSON + `1 e j k 2"}`)
	if got := encode(t, press(t, d, "enter")); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestPermissionEnterWithNothingSelectedDoesNothing(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c).(*Permission)
	for range 3 {
		if a := press(t, d, "enter"); a != nil {
			t.Fatalf("enter with nothing selected answered: %#v", a)
		}
	}
	if !strings.Contains(d.View(80, 24), "Nothing is selected yet") {
		t.Error("the dialog does not say why enter did nothing")
	}
	if a := press(t, d, "9"); a != nil { // no 9th choice
		t.Fatalf("9 answered: %#v", a)
	}
	if d.choices.cursor != -1 {
		t.Errorf("a number with no choice moved the cursor to %d", d.choices.cursor)
	}
}

func TestPermissionEditInline(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c).(*Permission)
	press(t, d, "down") // selected before editing: the edit must clear it
	press(t, d, "e")
	if !d.editing {
		t.Fatal("e did not open the editor")
	}
	if a := typeText(d, " && echo hi"); a != nil {
		t.Fatalf("typing in the editor answered: %#v", a)
	}
	press(t, d, "ctrl+s")
	if d.editing || !d.edited {
		t.Fatalf("after ctrl+s: editing=%v edited=%v", d.editing, d.edited)
	}
	view := d.View(80, 24)
	for _, want := range []string{"edited by you", "You edited this input", "&& echo hi"} {
		if !strings.Contains(view, want) && !strings.Contains(stripped(view), want) {
			t.Errorf("view lacks %q", want)
		}
	}
	if a := press(t, d, "enter"); a != nil {
		t.Fatalf("enter after an edit answered without a new choice: %#v", a)
	}
	a := press(t, d, "1")
	// The editor's cursor starts at the end of a one-line command.
	want := bashResponse(`{"behavior":"allow","updatedInput":{"command":"touch /home/dev/project/x \u0026\u0026 echo hi","description":"Create empty file x"}}`)
	if got := encode(t, a); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if s := a.(Respond).Summary; s != "Allowed once · with your edits" {
		t.Errorf("summary = %q", s)
	}
	if !a.(Respond).InputEdited {
		t.Error("InputEdited is not set: the transcript would show the model's command")
	}
}

// A denied call runs nothing, edited or not: the transcript keeps the model's call.
func TestPermissionEditThenDenyIsNotAnEdit(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c)
	press(t, d, "e")
	typeText(d, " && echo hi")
	press(t, d, "ctrl+s")
	a := press(t, d, "esc")
	if r, ok := a.(Respond); !ok || r.InputEdited {
		t.Errorf("esc after an edit: %#v, want a denial without InputEdited", a)
	}
}

func TestPermissionEditCancelled(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c).(*Permission)
	press(t, d, "e")
	typeText(d, "rm -rf / ")
	if a := press(t, d, "esc"); a != nil {
		t.Fatalf("esc in the editor answered: %#v", a)
	}
	if d.editing || d.edited {
		t.Fatalf("after esc: editing=%v edited=%v", d.editing, d.edited)
	}
	want := bashResponse(`{"behavior":"allow","updatedInput":` + bashInput + `}`)
	if got := encode(t, press(t, d, "1")); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestPermissionExternalEditor(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c).(*Permission)
	_, cmd := d.Update(keyMsg("ctrl+g"))
	if cmd == nil {
		t.Fatal("ctrl+g returned no command")
	}
	// The editor's result comes back as a message; vi adds a final newline.
	d.Update(editorDoneMsg{id: d.id, text: "echo modified-by-user\n"})
	if !d.edited {
		t.Fatal("the editor's text was not taken")
	}
	if a := press(t, d, "1"); a != nil {
		t.Fatalf("keys right after the editor returned answered: %#v", a)
	}
	c.advance(ArmDelay)
	want := bashResponse(`{"behavior":"allow","updatedInput":{"command":"echo modified-by-user","description":"Create empty file x"}}`)
	if got := encode(t, press(t, d, "1")); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	// Another dialog's editor result is ignored.
	d2 := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c).(*Permission)
	d2.Update(editorDoneMsg{id: d.id, text: "evil"})
	if d2.edited {
		t.Error("a dialog took another dialog's editor result")
	}
}

func TestPermissionEditWriteContentAndEditNewString(t *testing.T) {
	withProjectFixtures(t)
	tests := []struct {
		name, request string
		want          string
	}{
		{"write content", "exp02f_write_new",
			`{"type":"control_response","response":{"subtype":"success","request_id":"7001d793-de03-4e4e-8e7a-0bd134075efe","response":{"behavior":"allow","updatedInput":{"file_path":"/home/dev/project/new.txt","content":"X hello\nworld\n"}}}}`},
		{"edit new_string", "exp05a_edit",
			`{"type":"control_response","response":{"subtype":"success","request_id":"db4e036f-910c-4588-8f1c-7c1e8d113835","response":{"behavior":"allow","updatedInput":{"file_path":"/home/dev/project/edit.txt","old_string":"foo","new_string":"barX ","replace_all":false}}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			d := open(NewPermission(loadRequest(t, tt.request), RequestInfo{}, testEnv(c)), c)
			press(t, d, "e")
			typeText(d, "X ")
			press(t, d, "ctrl+s")
			if got := encode(t, press(t, d, "1")); got != tt.want {
				t.Errorf("got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestPermissionGenericInputEditedAsJSON(t *testing.T) {
	c := newClock()
	req := &protocol.CanUseTool{ToolName: "WebFetch", Input: []byte(`{"url":"https://example.com","prompt":"sum it up"}`)}
	req.RequestID = "r1"
	d := open(NewPermission(req, RequestInfo{}, testEnv(c)), c).(*Permission)
	press(t, d, "e")
	d.editor.SetValue(`{"url": "https://example.org"`) // broken JSON
	press(t, d, "ctrl+s")
	if !d.editing || d.editErr == "" {
		t.Fatalf("broken JSON was accepted (editing=%v err=%q)", d.editing, d.editErr)
	}
	d.editor.SetValue(`{"url": "https://example.org", "prompt": "sum it up"}`)
	press(t, d, "ctrl+s")
	want := `{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","updatedInput":{"url":"https://example.org","prompt":"sum it up"}}}}`
	if got := encode(t, press(t, d, "1")); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestPermissionReadOnly(t *testing.T) {
	c := newClock()
	env := testEnv(c)
	env.ReadOnly = true
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, env), c)
	for _, keys := range [][]string{{"enter"}, {"1"}, {"esc"}, {"6"}} {
		if a := press(t, d, keys...); a != (Dismiss{}) {
			t.Errorf("%v in a replay: %#v, want Dismiss", keys, a)
		}
	}
}

// Edit-before-approve goes through Bash's typed input: the command the preview showed
// is the one changed, and every member the type does not declare is sent as the CLI
// sent it, in its place with its value as written (5000.0 stays 5000.0).
func TestPermissionEditKeepsUnknownMembers(t *testing.T) {
	c := newClock()
	req := bashRequest(`{"zz_future":{"k":[1, 2]},"command":"ls","timeout":5000.0,"description":"list"}`, "")
	req.RequestID = "r1"
	d := open(NewPermission(req, RequestInfo{}, testEnv(c)), c).(*Permission)
	press(t, d, "e")
	typeText(d, " -la")
	press(t, d, "ctrl+s")
	if !strings.Contains(stripped(d.View(100, 40)), "$ ls -la") {
		t.Errorf("the preview does not show the edited command:\n%s", stripped(d.View(100, 40)))
	}
	want := `{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","updatedInput":{"zz_future":{"k":[1,2]},"command":"ls -la","timeout":5000.0,"description":"list"}}}}`
	if got := encode(t, press(t, d, "1")); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
