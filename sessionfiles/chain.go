package sessionfiles

// node is one line of a transcript that takes part in the conversation chain (it
// has a uuid), with the raw parts the history is built from.
type node struct {
	head
	index int // position among the nodes, in file order
	// toolResult is set on user lines that carry tool_result blocks.
	toolResult bool
	// For summaries: userMessage is set on user lines that are messages (prompts,
	// commands); messageID and model are an assistant line's.
	userMessage      bool
	messageID, model string
	// sibling marks a tool result that hangs off the chain rather than on it: when
	// the model calls tools in parallel, each result's parent is its own tool_use
	// line, so only the last result is on the path from the leaf.
	sibling bool
}

// conversation returns the nodes of the conversation the CLI would resume, in file
// order. A file can hold more than one branch (after a rewind, or a resume at an
// earlier message): the CLI continues from the newest user or assistant line and
// follows parentUuid back to the root, and across a compaction boundary by its
// logicalParentUuid. Lines of abandoned branches are left out. If the walk ends at
// a parent the file does not have, every line before that point is kept, so a
// damaged file still shows what it can.
func conversation(nodes []*node) []*node {
	var leaf *node
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		if (n.typ == "user" || n.typ == "assistant") && !n.meta {
			leaf = n
			break
		}
	}
	if leaf == nil {
		return nil
	}
	byUUID := make(map[string]*node, len(nodes))
	for _, n := range nodes {
		byUUID[n.uuid] = n
	}
	on := make(map[*node]bool)
	keepBefore := 0 // nodes with a smaller index are kept whatever the chain says
	for cur := leaf; cur != nil && !on[cur]; {
		on[cur] = true
		parent := cur.parent
		if parent == "" {
			parent = cur.logicalParent
		}
		if parent == "" {
			break
		}
		next, ok := byUUID[parent]
		if !ok {
			keepBefore = cur.index
			break
		}
		cur = next
	}
	var out []*node
	for _, n := range nodes {
		switch {
		case on[n] || n.index < keepBefore:
			out = append(out, n)
		case n.typ == "user" && n.toolResult && n.index < leaf.index && on[byUUID[n.parent]]:
			n.sibling = true
			out = append(out, n)
		}
	}
	return out
}

// hasToolResult reports whether a raw user message carries tool_result blocks.
func hasToolResult(message []byte) bool {
	found := false
	content := skimMessage(message).content
	if len(content) == 0 || content[0] != '[' {
		return false
	}
	_ = elements(content, func(v []byte) bool {
		_ = members(v, func(k, val []byte) bool {
			if string(k) == "type" {
				found = rawString(val) == "tool_result"
				return false
			}
			return true
		})
		return !found
	})
	return found
}
