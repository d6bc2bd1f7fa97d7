package transcript

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// TestReducerCaptures feeds real CLI captures through Apply and checks the
// items that result.
func TestReducerCaptures(t *testing.T) {
	tests := []struct {
		capture string
		want    []string
		check   func(t *testing.T, m *testModel)
	}{{
		capture: "exp01b_partial",
		want: []string{
			"text:Hello from the fake API.", "footer",
			"thinking", "text:Here is my answer after thinki", "footer",
		},
		check: func(t *testing.T, m *testModel) {
			th := m.items[2].(*thinkingItem)
			want := time.Duration(thinkingDurationMS(t, "exp01b_partial")) * time.Millisecond
			if th.duration != want || th.streaming {
				t.Errorf("thinking: duration %v streaming %v, want thinking_duration_ms (%v), done", th.duration, th.streaming, want)
			}
			if got := th.text.String(); got != "Let me think about this carefully." {
				t.Errorf("thinking text %q", got)
			}
			// total_cost_usd is cumulative (0.000168, 0.000536); each
			// footer shows its own turn.
			for i, want := range map[int]float64{1: 0.000168, 4: 0.000368} {
				if c := m.items[i].(*footerItem).stats.CostUSD; c < want-0.000001 || c > want+0.000001 {
					t.Errorf("footer %d cost %v, want the turn's %v", i, c, want)
				}
			}
		},
	}, {
		capture: "exp02a_perm_allow",
		want:    []string{"tool:Bash:done", "text:ACK tool_result(toolu_fake001)", "footer"},
	}, {
		capture: "exp02b_perm_deny",
		want:    []string{"tool:Bash:denied", "text:ACK tool_result(toolu_fake001)", "footer"},
		check: func(t *testing.T, m *testModel) {
			if v := plainView(m); !strings.Contains(v, "User said no to this (test)") {
				t.Errorf("the denial reason is not shown:\n%s", v)
			}
		},
	}, {
		capture: "exp05a_edit",
		want:    []string{"tool:Read:done", "tool:Edit:done", "text:ACK tool_result(toolu_fake002)", "footer"},
		check: func(t *testing.T, m *testModel) {
			edit := ansi.Strip(strings.Join(m.itemLines(1), "\n"))
			if !strings.Contains(edit, "- foo") || !strings.Contains(edit, "+ bar") {
				t.Errorf("the Edit shows no diff:\n%s", edit)
			}
		},
	}, {
		capture: "exp06b_interrupt",
		want: []string{
			"text:Hello from the fake API.", "footer",
			"text:word0 word1 word2:interrupted", "interrupted", "footer",
			"text:Hello from the fake API.", "footer",
			"tool:Bash:interrupted", "interrupted", "footer",
			"tool:Bash:interrupted", "interrupted", "footer",
			"text:Hello from the fake API.", "footer",
		},
		check: func(t *testing.T, m *testModel) {
			for _, it := range m.items {
				if f, ok := it.(*footerItem); ok && f.stats.IsError {
					t.Error("an interrupted turn's footer is shown as an error")
				}
			}
		},
	}, {
		capture: "exp08k_sigint_midturn",
		want:    []string{"text:word0 word1 word2:interrupted", "interrupted", "footer"},
	}, {
		capture: "exp08f_http_err429",
		want: []string{
			"retry", "notice:error:API Error: Request rejected (4", "footer",
			"text:Hello from the fake API.", "footer",
		},
		check: func(t *testing.T, m *testModel) {
			r := m.items[0].(*noticeItem).retry
			if r.attempt != 2 || r.maxRetries != 2 || r.status != 429 || !r.done {
				t.Errorf("retry notice %+v, want attempt 2/2, 429, done", *r)
			}
			if !strings.Contains(m.items[1].(*noticeItem).text, "429") {
				t.Errorf("error notice %q lacks the status", m.items[1].(*noticeItem).text)
			}
		},
	}, {
		capture: "exp08e_closed_port",
		want:    []string{"retry", "notice:error:API Error: Connection refused ", "footer"},
	}, {
		capture: "exp09f_resume_unknown_id",
		want:    []string{"notice:error:No conversation found with ses"},
	}, {
		capture: "exp07a_task_subagent",
		want:    []string{"tool:Agent:done", "text:ACK tool_result(toolu_fake001)", "footer"},
		check: func(t *testing.T, m *testModel) {
			sub := m.SubTranscript("toolu_fake001")
			if sub == nil {
				t.Fatal("no subagent transcript for toolu_fake001")
			}
			want := []string{"user:SCENARIO:sub_ls List the files", "tool:Bash:done"}
			if got := summary(sub); !slices.Equal(got, want) {
				t.Errorf("subagent items %q, want %q", got, want)
			}
			agent := m.items[0].(*toolItem)
			if agent.call.TaskStatus != "Subagent done: files listed." || agent.call.TaskLink == "" {
				t.Errorf("Agent task status %q link %q", agent.call.TaskStatus, agent.call.TaskLink)
			}
		},
	}, {
		capture: "exp11b_no_permission_prompt_tool",
		want:    []string{"tool:Bash:denied", "text:ACK tool_result(toolu_fake001)", "footer"},
	}, {
		capture: "exp03d_exitplan_planfile_allow",
		want: []string{
			"tool:Write:done", "tool:ExitPlanMode:done", "notice:info:Permission mode: default",
			"text:ACK tool_result(toolu_fake002)", "footer",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.capture, func(t *testing.T) {
			m, c := newTest(100, 30, themes.Dark)
			feed(m, c, loadCapture(t, tt.capture))
			if got := summary(m); !slices.Equal(got, tt.want) {
				t.Fatalf("items:\n got %q\nwant %q", got, tt.want)
			}
			if tt.check != nil {
				tt.check(t, m)
			}
			checkView(t, m)
			if m.Live() {
				t.Error("something still animates after the session ended")
			}
		})
	}
}

// thinkingDurationMS is the thinking_duration_ms the capture's assistant line carries.
func thinkingDurationMS(t *testing.T, capture string) int {
	t.Helper()
	for _, msg := range loadCapture(t, capture) {
		if a, ok := msg.(*protocol.Assistant); ok && a.ThinkingDurationMS > 0 {
			return a.ThinkingDurationMS
		}
	}
	t.Fatalf("%s: no thinking_duration_ms", capture)
	return 0
}

// TestReducerAllCaptures runs every capture through the transcript at a
// few sizes: nothing panics, the view keeps its shape, and no raw control
// character from the session reaches it.
func TestReducerAllCaptures(t *testing.T) {
	for _, dir := range capturefiles.Corpora(t) {
		for _, file := range capturefiles.Stdout(t, dir) {
			name := strings.TrimSuffix(file, ".jsonl")
			t.Run(name, func(t *testing.T) {
				msgs := decodeCapture(t, name, capturefiles.ReadIn(t, dir, file))
				for _, size := range [][2]int{{80, 24}, {37, 9}, {3, 2}} {
					m, c := newTest(size[0], size[1], themes.Light)
					for _, msg := range msgs {
						c.Advance(time.Millisecond)
						m.Apply(msg)
						checkView(t, m)
					}
					m.SetFocused(true)
					m.toggleAll()
					v := checkView(t, m)
					if strings.ContainsAny(ansi.Strip(v), "\x07\x1b\r") {
						t.Fatalf("raw control characters in the view: %q", v)
					}
				}
			})
		}
	}
}

// TestStreamingMatchesFinal checks that a streamed answer, previewed frame
// by frame (with a resize half way), shows in its last preview exactly what
// the final from-scratch render shows: the end of a stream does not jump.
func TestStreamingMatchesFinal(t *testing.T) {
	answer := longAnswer(6_000)
	for _, w := range []int{40, 80, 120} {
		m, c := newTest(w+17, 20, themes.Dark)
		msgs := streamMessages(answer, 7)
		var preview []string
		for i, msg := range msgs {
			c.Advance(time.Millisecond)
			if _, final := msg.(*protocol.Assistant); final {
				preview = slices.Clone(m.itemLines(0))
			}
			m.Apply(msg)
			if i == len(msgs)/2 {
				m.SetSize(w, 20) // a resize in the middle of the stream
			}
			if i%13 == 0 {
				checkView(t, m)
			}
		}
		final := m.itemLines(0)
		if !slices.Equal(preview, final) {
			t.Fatalf("w%d: the last preview differs from the final render", w)
		}
		if want := newFinalText(answer).render(m.contentWidth(), m.st); !slices.Equal(final, want) {
			t.Fatalf("w%d: the final render differs from a from-scratch one", w)
		}
		m.SetSize(w+5, 20)
		if want := newFinalText(answer).render(m.contentWidth(), m.st); !slices.Equal(m.itemLines(0), want) {
			t.Fatalf("w%d: after a resize the answer differs from a from-scratch render", w)
		}
	}
}

// TestStreamingPreviewEqualsFromScratch checks the streaming preview itself
// (not just the final render) against a from-scratch render of the text so
// far, at points where the text ends a line.
func TestStreamingPreviewEqualsFromScratch(t *testing.T) {
	answer := longAnswer(3_000)
	m, _ := newTest(80, 20, themes.Dark)
	m.Apply(streamEvent("msg_1", protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}))
	sent := 0
	for sent < len(answer) {
		n := min(11, len(answer)-sent)
		m.Apply(textDelta("msg_1", answer[sent:sent+n]))
		sent += n
		if sent%5 != 0 {
			continue
		}
		fresh := newFinalText(answer[:sent])
		want := fresh.render(m.contentWidth(), m.st)
		if got := m.itemLines(0); !slices.Equal(got, want) {
			t.Fatalf("after %d bytes the preview differs from a fresh render\n got %q\nwant %q", sent, got, want)
		}
	}
}

func TestAPIErrorShownOnce(t *testing.T) {
	status := 529
	m, _ := newTest(80, 10, themes.Dark)
	m.Apply(&protocol.Assistant{
		Message:           protocol.APIMessage{ID: "x", Model: "<synthetic>", Content: []protocol.ContentBlock{{Type: "text", Text: "API Error: Overloaded"}}},
		IsAPIErrorMessage: true, APIErrorStatus: &status, Error: "server_error",
	})
	m.Apply(&protocol.Result{Subtype: "success", IsError: true, Result: "API Error: Overloaded", APIErrorStatus: &status, TerminalReason: "api_error", DurationMS: 1000})
	want := []string{"notice:error:API Error: Overloaded (HTTP 52", "footer"}
	if got := summary(m); !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestRetryCountdown(t *testing.T) {
	m, c := newTest(80, 5, themes.Mono)
	status := 500
	m.Apply(&protocol.APIRetry{Attempt: 2, MaxRetries: 10, RetryDelayMS: 4000, ErrorStatus: &status, Error: "server_error"})
	m.Tick(c.now)
	if v := plainView(m); !strings.Contains(v, "retrying in 4.0s (attempt 2/10)") {
		t.Fatalf("view:\n%s", v)
	}
	c.Advance(2500 * time.Millisecond)
	m.Tick(c.now)
	if v := plainView(m); !strings.Contains(v, "retrying in 1.5s (attempt 2/10)") {
		t.Fatalf("after 2.5s:\n%s", v)
	}
	c.Advance(2 * time.Second)
	m.Tick(c.now)
	if v := plainView(m); !strings.Contains(v, "retrying now (attempt 2/10)") {
		t.Fatalf("after the delay:\n%s", v)
	}
	if !m.Live() {
		t.Fatal("a pending retry is not live")
	}
	m.Apply(answerLine("msg_1", "ok"))
	if m.Live() {
		t.Fatal("the retry is still live after an answer arrived")
	}
	if v := plainView(m); !strings.Contains(v, "retried 2 times") {
		t.Fatalf("after the answer:\n%s", v)
	}
}

func TestToolLifecycle(t *testing.T) {
	m, c := newTest(80, 10, themes.Mono)
	msg := "msg_t"
	m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockToolUse, ID: "toolu_1", Name: "Bash"}}))
	m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockDelta, Delta: &protocol.Delta{Type: protocol.DeltaInputJSON, PartialJSON: `{"command":"sleep 3 && ec`}}))
	state := func() string { st, _ := m.ToolState("toolu_1"); return stateNames[st] }
	if state() != "streaming" || !strings.Contains(plainView(m), "sleep 3 && ec") {
		t.Fatalf("streaming input: state %s view\n%s", state(), plainView(m))
	}
	m.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: msg, Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: "toolu_1", Name: "Bash", Input: []byte(`{"command":"sleep 3 && echo hi"}`)}}}})
	m.Apply(&protocol.CanUseTool{ToolName: "Bash", ToolUseID: "toolu_1"})
	if state() != "waiting" {
		t.Fatalf("after can_use_tool: %s", state())
	}
	m.SetToolState("toolu_1", render.ToolRunning)
	c.Advance(12 * time.Second)
	m.Tick(c.now)
	if v := plainView(m); state() != "running" || !strings.Contains(v, "12s") {
		t.Fatalf("running: state %s view\n%s", state(), v)
	}
	m.Apply(&protocol.User{Message: protocol.UserBody{Role: "user", Content: []byte(`[{"type":"tool_result","tool_use_id":"toolu_1","content":"hi"}]`)}, ToolUseResult: []byte(`{"stdout":"hi","stderr":""}`)})
	if v := plainView(m); state() != "done" || !strings.Contains(v, "hi") || strings.Contains(v, "12s") {
		t.Fatalf("done: state %s view\n%s", state(), v)
	}
	if m.Live() {
		t.Fatal("a finished call is still live")
	}
}

// An input the user edited before allowing the call replaces the model's.
func TestSetToolInput(t *testing.T) {
	m, _ := newTest(80, 10, themes.Mono)
	m.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: "msg_e", Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: "toolu_e", Name: "Bash", Input: []byte(`{"command":"touch a.txt"}`)}}}})
	if v := plainView(m); !strings.Contains(v, "touch a.txt") {
		t.Fatalf("before the edit:\n%s", v)
	}
	m.SetToolInput("toolu_e", []byte(`{"command":"touch b.txt"}`))
	m.SetToolInput("toolu_unknown", []byte(`{"command":"rm x"}`))
	if v := plainView(m); !strings.Contains(v, "touch b.txt") || strings.Contains(v, "touch a.txt") || strings.Contains(v, "rm x") {
		t.Fatalf("after the edit:\n%s", v)
	}
}

// TestSubagentMessagesStayOut checks that nothing with a parent reaches
// the main flow, for every capture.
func TestSubagentMessagesStayOut(t *testing.T) {
	for _, name := range []string{"exp07a_task_subagent", "exp07b_task_subagent_partial", "exp07c_task_subagent_write_perm", "exp07d_task_background", "exp07e_task_forward_subagent_text"} {
		msgs := loadCapture(t, name)
		m, c := newTest(80, 24, themes.Dark)
		feed(m, c, msgs)
		var subTools []string
		for _, msg := range msgs {
			if a, ok := msg.(*protocol.Assistant); ok && a.Parent() != "" {
				for _, b := range a.Message.Content {
					if b.ID != "" {
						subTools = append(subTools, b.ID)
					}
				}
			}
		}
		for _, it := range m.items {
			if tl, ok := it.(*toolItem); ok && slices.Contains(subTools, tl.call.ID) {
				t.Errorf("%s: subagent call %s is in the main flow", name, tl.call.ID)
			}
		}
		if len(subTools) > 0 && len(m.shared.subs) == 0 {
			t.Errorf("%s: no subagent transcript kept", name)
		}
	}
}

func TestMarkdownExport(t *testing.T) {
	m, c := newTest(80, 24, themes.Dark)
	m.AddUserPrompt("Edit the file")
	feed(m, c, loadCapture(t, "exp05a_edit"))
	md := m.Markdown()
	for _, want := range []string{"## You\n\nEdit the file", "## Claude", "**Read(/home/dev/project/edit.txt)**", "**Edit(/home/dev/project/edit.txt)**", "```\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("export lacks %q:\n%s", want, md)
		}
	}
	if os.Getenv("DUMP_MD") != "" {
		t.Log(md)
	}
}

// TestSessionEnded: a CLI killed mid-turn (SIGTERM, no result) leaves
// nothing spinning.
func TestSessionEnded(t *testing.T) {
	m, c := newTest(80, 20, themes.Mono)
	msgs := loadCapture(t, "exp07a_task_subagent")
	feed(m, c, msgs[:7]) // the Agent call and the subagent's Bash are running
	if !m.Live() {
		t.Fatal("nothing live mid-turn")
	}
	m.SessionEnded()
	m.AddNotice(NoticeError, "claude exited (signal: terminated)")
	if m.Live() {
		t.Fatal("still live after the session ended")
	}
	if st, _ := m.ToolState("toolu_fake001"); st != render.ToolInterrupted {
		t.Errorf("Agent call state %v, want interrupted", stateNames[st])
	}
	if st, _ := m.ToolState("toolu_fake002"); st != render.ToolInterrupted {
		t.Errorf("subagent Bash state %v, want interrupted", stateNames[st])
	}
}

func TestQueuedPrompt(t *testing.T) {
	m, _ := newTest(60, 6, themes.Mono)
	id := m.AddUserPrompt("second question")
	m.SetQueued(id, true)
	if !strings.Contains(plainView(m), "queued") {
		t.Fatalf("no queued marker:\n%s", plainView(m))
	}
	m.SetQueued(id, false)
	if strings.Contains(plainView(m), "queued") {
		t.Fatalf("queued marker stays:\n%s", plainView(m))
	}
}
