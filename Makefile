# gclaude — build, run and test. `make demo` and `make test` work on a fresh machine:
# they install what is missing (the pinned claude CLI from npm, tmux and openssh-server from Debian).

GO          ?= go
CLI_VERSION := 2.1.332
CLI_DIR     := .cache/claude-cli
CLAUDE      := $(CURDIR)/$(CLI_DIR)/node_modules/.bin/claude
LATEST_DIR  := .cache/claude-cli-latest
BIN         := bin/gclaude
# make test fuzzes for a number of executions, not seconds: with a duration, Go 1.26's fuzz
# coordinator can fail a clean run with "context deadline exceeded" on a loaded machine
# (golang/go#75804, fixed in Go 1.27). About 10 s each on an idle 2-core machine.
FUZZ_DECODE_EXECS   ?= 150000x
FUZZ_SANITIZE_EXECS ?= 80000x
FUZZ_FASTMD_EXECS   ?= 20000x
# FuzzGoLexer runs chroma on every input, so its shrinking of new inputs is capped too.
FUZZ_GOLEX_EXECS    ?= 5000x
PKGS        := ./...
STATICCHECK_VERSION := v0.8.2
# deadcode, run from the module proxy (no dependency in go.mod): golang.org/x/tools' newest.
DEADCODE_VERSION ?= v0.52.0

# OWN_CLAUDE_BIN is the user's own choice, for `make run`; the tests default to the pinned CLI.
OWN_CLAUDE_BIN := $(CLAUDE_BIN)
export CLAUDE_BIN ?= $(CLAUDE)

.PHONY: all build run demo test fmt-check tidy-check test-unit e2e bench bench-live bench-live-workspace bench-server fuzz fuzz-long lint deadcode claude-cli claude-cli-latest e2e-latest tools clean captures check-shared-captures

all: build

# REVISION names the commit in `gclaude version`: Go records none itself when GOFLAGS
# has -buildvcs=false or the source is a git worktree.
REVISION    ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null)$(shell git diff --quiet HEAD -- 2>/dev/null || echo +dirty)

build:
	$(GO) build -ldflags "-X github.com/gclaude/gclaude/cmd.Revision=$(REVISION)" -o $(BIN) .

## run: gclaude in this folder with your own claude CLI (on PATH, or CLAUDE_BIN=…)
run: build
	env -u CLAUDE_BIN $(if $(OWN_CLAUDE_BIN),CLAUDE_BIN='$(OWN_CLAUDE_BIN)') ./$(BIN) $(ARGS)

## demo: gclaude against its built-in scripted API, with the pinned CLI — no account needed
demo: build claude-cli
	./$(BIN) demo --claude-bin $(CLAUDE)

## test: the checks of `make lint`, every test including the real-CLI and tmux end-to-end
## suites, plus a short fuzz run
test: claude-cli tools lint
	GCLAUDE_REQUIRE_E2E=1 $(GO) test -count=1 -timeout 25m $(PKGS)
	$(GO) test -run='^$$' -fuzz=FuzzDecode -fuzztime=$(FUZZ_DECODE_EXECS) ./protocol
	$(GO) test -run='^$$' -fuzz='FuzzSanitize$$' -fuzztime=$(FUZZ_SANITIZE_EXECS) ./render
	$(GO) test -run='^$$' -fuzz='FuzzFastMarkdown$$' -fuzztime=$(FUZZ_FASTMD_EXECS) ./render
	$(GO) test -run='^$$' -fuzz='FuzzGoLexer$$' -fuzztime=$(FUZZ_GOLEX_EXECS) -fuzzminimizetime=200x ./render

## test-unit: the fast suites only (no real CLI)
test-unit:
	GCLAUDE_SKIP_E2E=1 $(GO) test $(PKGS)

## e2e: only the suites that drive the real CLI
e2e: claude-cli tools
	GCLAUDE_REQUIRE_E2E=1 $(GO) test -timeout 25m -run 'E2E' -v $(PKGS)

## captures: record the protocol corpus the tests read (testdata/captures) with the real
## CLI against the fake API; CLAUDE_BIN=… make captures records another CLI, and the
## decoder tests then show what changed. CAPTURES=regexp records only those.
captures: claude-cli
	$(GO) run ./internal/capturerig -claude "$(CLAUDE_BIN)" -out testdata/captures $(if $(CAPTURES),-only '$(CAPTURES)')

## check-shared-captures: the decoder, replay, transcript and render checks that walk
## every recording, also over ../shared/protocol/captures when that folder exists
SHARED_CAPTURES ?= $(abspath ../shared/protocol/captures)
check-shared-captures:
	@if [ -d "$(SHARED_CAPTURES)" ]; then \
		export GCLAUDE_EXTRA_CAPTURES="$(SHARED_CAPTURES)" GCLAUDE_SKIP_E2E=1; \
		$(GO) test -count=1 ./protocol ./internal/replay ./ui/transcript ./render && \
		$(GO) test -count=1 -run 'Hostile' ./ui; \
	else echo "no $(SHARED_CAPTURES); nothing to check"; fi

## bench: the documented benchmarks (docs/PERFORMANCE.md)
bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./protocol ./render ./ui/...

## bench-live: the real binary in tmux with the real CLI on a 100 KB answer (docs/PERFORMANCE.md).
## A benchmark, not a test: it prints figures and asserts nothing. BENCH_LIVE_FLAGS=-turns=3 …
bench-live: build claude-cli tools
	$(GO) run ./internal/benchlive -gclaude $(BIN) -claude $(CLAUDE) $(BENCH_LIVE_FLAGS)

## bench-live-workspace: bench-live's workspace mode (issue 21): 8 sessions streaming at once,
## switching to the hidden ones, idling with 8 running, starting on 50 saved sessions.
bench-live-workspace: build claude-cli tools
	$(GO) run ./internal/benchlive -gclaude $(BIN) -claude $(CLAUDE) -sessions 8 $(BENCH_LIVE_FLAGS)

## bench-server: the session server (issue 29) with the real CLI: its CPU per streamed 100 KB turn
## beside claude's, its idle CPU and RSS with 8 sessions, attaching to all 8 (docs/PERFORMANCE.md)
bench-server: build claude-cli
	$(GO) run ./internal/benchserver -gclaude $(BIN) -claude $(CLAUDE) $(BENCH_SERVER_FLAGS)

## deps-check: after any dependency upgrade — every test that holds a copy of a library's
## behaviour to the library (render's fast markdown path vs glamour, lexGo vs chroma, the
## goldens, the streaming renderer vs a whole render, Bubble Tea's internals that
## framepace and termexec reach) and their fuzzers, for a fixed count
DEPS_FUZZ_EXECS ?= $(FUZZ_FASTMD_EXECS)
.PHONY: deps-check
deps-check:
	$(GO) test -count=1 -run 'TestFastMarkdown|TestFastRender|TestLexGo|TestHighlightGo|TestGolden|TestStreaming|Fallback' ./render
	$(GO) test -count=1 -run 'TestEmptyEditorViewMatchesAFreshDrawing' ./ui/input
	$(GO) test -count=1 -run 'TestGolden|TestStreamingMatchesFinal|TestAnswerRestMatchesAFromScratchRender' ./ui/...
	$(GO) test -count=1 ./internal/framepace ./internal/termexec
	$(GO) test -run='^$$' -fuzz='FuzzFastMarkdown$$' -fuzztime=$(DEPS_FUZZ_EXECS) ./render
	$(GO) test -run='^$$' -fuzz='FuzzGoLexer$$' -fuzztime=$(FUZZ_GOLEX_EXECS) -fuzzminimizetime=200x ./render

## fuzz-long: the decoder and display-safety fuzzers for longer (LONG_FUZZTIME=10m)
LONG_FUZZTIME ?= 5m
fuzz-long:
	$(GO) test -run='^$$' -fuzz=FuzzDecode -fuzztime=$(LONG_FUZZTIME) ./protocol
	$(GO) test -run='^$$' -fuzz='FuzzSanitize$$' -fuzztime=$(LONG_FUZZTIME) ./render
	$(GO) test -run='^$$' -fuzz='FuzzSanitizeRendered$$' -fuzztime=$(LONG_FUZZTIME) ./render
	$(GO) test -run='^$$' -fuzz='FuzzFastMarkdown$$' -fuzztime=$(LONG_FUZZTIME) ./render
	$(GO) test -run='^$$' -fuzz='FuzzGoLexer$$' -fuzztime=$(LONG_FUZZTIME) ./render

## fmt-check: every Go file is gofmt'd
fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## lint: formatting, go.mod tidiness, vet, unreachable code (deadcode with an allow-list) and
## staticcheck (both fetched from the module proxy at pinned versions; a machine that cannot
## fetch them fails here rather than skipping them)
lint: fmt-check tidy-check deadcode
	$(GO) vet $(PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) $(PKGS)

## tidy-check: go.mod and go.sum are what `go mod tidy` would write
tidy-check:
	$(GO) mod tidy -diff

## deadcode: fails on any function the program never reaches unless .deadcode-allow names it with a reason
deadcode:
	$(GO) run ./internal/deadcheck -deadcode golang.org/x/tools/cmd/deadcode@$(DEADCODE_VERSION) -allow .deadcode-allow $(PKGS)

## claude-cli: install the pinned CLI into $(CLI_DIR) unless it is already there
claude-cli:
	@if [ -x "$(CLAUDE)" ] && "$(CLAUDE)" --version 2>/dev/null | grep -q '^$(CLI_VERSION) '; then :; else \
		echo "installing @anthropic-ai/claude-code@$(CLI_VERSION) into $(CLI_DIR)"; \
		mkdir -p $(CLI_DIR) && npm install --prefix $(CLI_DIR) --no-audit --no-fund --loglevel=error \
			@anthropic-ai/claude-code@$(CLI_VERSION) && "$(CLAUDE)" --version; \
	fi

## claude-cli-latest / e2e-latest: try the newest CLI from npm against the same suites
claude-cli-latest:
	mkdir -p $(LATEST_DIR) && npm install --prefix $(LATEST_DIR) --no-audit --no-fund --loglevel=error @anthropic-ai/claude-code@latest
	$(LATEST_DIR)/node_modules/.bin/claude --version

e2e-latest: claude-cli-latest tools
	GCLAUDE_REQUIRE_E2E=1 CLAUDE_BIN=$(CURDIR)/$(LATEST_DIR)/node_modules/.bin/claude $(GO) test -timeout 25m -run 'E2E' $(PKGS)

## tools: what the tmux-driven tests need, and the OpenSSH server and client the tests of
## sessions on another machine run (internal/sshrig starts sshd on 127.0.0.1 itself)
tools:
	@command -v tmux >/dev/null 2>&1 || { echo "installing tmux"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq tmux >/dev/null; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq tmux >/dev/null; fi; }
	@{ [ -x /usr/sbin/sshd ] && command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1; } || { \
		echo "installing openssh-server"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq openssh-server openssh-client >/dev/null; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq openssh-server openssh-client >/dev/null; fi; }

clean:
	rm -rf bin
