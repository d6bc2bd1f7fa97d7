package sessionfiles

// head is the part of a session line gclaude reads, skimmed without decoding the
// rest. Raw values point into the line.
type head struct {
	typ, uuid, parent, logicalParent, subtype, timestamp string
	sidechain, meta, compactSummary, apiError            bool

	message       []byte // user, assistant: the API message
	toolUseResult []byte // user: the CLI's structured tool output
	content       []byte // system: the text

	customTitle, aiTitle, summary string // custom-title, ai-title, summary entries
	agentID                       string

	// user lines with a tool result the CLI did not run: toolDenialKind and
	// permissionDecision.decision.
	denialKind, decision string
}

// skimHead reads the head of one line.
func skimHead(line []byte) (head, error) {
	var h head
	err := members(line, func(k, v []byte) bool {
		switch string(k) {
		case "type":
			h.typ = rawString(v)
		case "uuid":
			h.uuid = rawString(v)
		case "parentUuid":
			h.parent = rawString(v)
		case "logicalParentUuid":
			h.logicalParent = rawString(v)
		case "subtype":
			h.subtype = rawString(v)
		case "timestamp":
			h.timestamp = rawString(v)
		case "isSidechain":
			h.sidechain = rawTrue(v)
		case "isMeta":
			h.meta = rawTrue(v)
		case "isCompactSummary":
			h.compactSummary = rawTrue(v)
		case "isApiErrorMessage":
			h.apiError = rawTrue(v)
		case "message":
			h.message = v
		case "toolUseResult":
			h.toolUseResult = v
		case "content":
			h.content = v
		case "customTitle":
			h.customTitle = rawString(v)
		case "aiTitle":
			h.aiTitle = rawString(v)
		case "summary":
			h.summary = rawString(v)
		case "agentId":
			h.agentID = rawString(v)
		case "toolDenialKind":
			h.denialKind = rawString(v)
		case "permissionDecision":
			_ = members(v, func(k, v []byte) bool {
				if string(k) == "decision" {
					h.decision = rawString(v)
				}
				return true
			})
		}
		return true
	})
	return h, err
}

// messageHead is the part of an API message gclaude reads.
type messageHead struct {
	id, model string
	content   []byte // a JSON string or a list of blocks
}

func skimMessage(raw []byte) messageHead {
	var m messageHead
	_ = members(raw, func(k, v []byte) bool {
		switch string(k) {
		case "id":
			m.id = rawString(v)
		case "model":
			m.model = rawString(v)
		case "content":
			m.content = v
		}
		return true
	})
	return m
}

// syntheticModel is the model name of the replies the CLI makes up for failed calls.
const syntheticModel = "<synthetic>"
