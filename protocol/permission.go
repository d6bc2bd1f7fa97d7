package protocol

// Permission update types and destinations, as in can_use_tool permission_suggestions and
// in the client's updatedPermissions.
const (
	UpdateAddRules          = "addRules"
	UpdateReplaceRules      = "replaceRules"
	UpdateRemoveRules       = "removeRules"
	UpdateSetMode           = "setMode"
	UpdateAddDirectories    = "addDirectories"
	UpdateRemoveDirectories = "removeDirectories"

	DestUserSettings    = "userSettings"
	DestProjectSettings = "projectSettings"
	DestLocalSettings   = "localSettings"
	DestSession         = "session"
	DestCLIArg          = "cliArg"
)

// Permission modes.
const (
	ModeDefault           = "default"
	ModeAcceptEdits       = "acceptEdits"
	ModePlan              = "plan"
	ModeBypassPermissions = "bypassPermissions"
	ModeDontAsk           = "dontAsk"
	ModeAuto              = "auto"
)

// PermissionUpdate is one suggested or granted change to the permission state.
type PermissionUpdate struct {
	Type        string           `json:"type"`
	Rules       []PermissionRule `json:"rules,omitempty"`
	Behavior    string           `json:"behavior,omitempty"` // allow, deny, ask
	Mode        string           `json:"mode,omitempty"`
	Directories []string         `json:"directories,omitempty"`
	Destination string           `json:"destination,omitempty"`
}

// PermissionRule is a tool and an optional rule content, e.g. Bash + "npm test".
type PermissionRule struct {
	ToolName    string `json:"toolName"`
	RuleContent string `json:"ruleContent,omitempty"`
}

// String is the rule as settings files write it: Bash(npm test).
func (r PermissionRule) String() string {
	if r.RuleContent == "" {
		return r.ToolName
	}
	return r.ToolName + "(" + r.RuleContent + ")"
}
