package protocol

// CommandsChanged says claude's commands changed: its plugins or skills were reloaded
// (reload_plugins, /reload-plugins, /reload-skills). Commands is the whole new list, in
// initialize's form (CLI 2.1.332).
type CommandsChanged struct {
	Meta
	Commands []SlashCommand `json:"commands"`
}

func (*CommandsChanged) Kind() string { return "system/commands_changed" }
