package render

import (
	"strings"
	"testing"
)

// A renderer decodes its tool's input through the tool's schema (decodeInput); one
// registered for a tool without a schema would silently show nothing of the input, so
// registering it stops the program at start (ARCHITECTURE.md, "Add a tool renderer").
func TestARendererWithoutASchemaIsRefused(t *testing.T) {
	const name = "NoSchemaTool"
	defer delete(toolRenderers, name)
	defer func() {
		p := recover()
		if p == nil {
			t.Fatal("a renderer for a tool without a schema was registered")
		}
		if msg, _ := p.(string); !strings.Contains(msg, "registerToolSchema") {
			t.Fatalf("the panic does not say what to add: %v", p)
		}
	}()
	registerTool(bashView, name)
}
