package dialogs

// BranchFrom asks the session to branch the conversation at the point before the prompt
// UUID, or as it is now when UUID is "".
type BranchFrom struct{ UUID, Name string }

func (BranchFrom) action() {}

// branchNow is the picker's value for the conversation as it is now.
const branchNow = "\x00now"

// NewBranchPicker is /branch's choice of where the branch starts: the conversation as
// it is now (Claude Code's /branch), or before one of this session's earlier prompts,
// newest first as given; name is the branch's, when given. Typing filters on the
// prompts' text.
func NewBranchPicker(prompts []RewindPrompt, name string, env Env) *Picker {
	p := &Picker{
		env:         env,
		title:       "Branch: copy the conversation into a new session, from where?",
		filterable:  true,
		placeholder: "type to filter the prompts",
		follow:      true,
		choose: func(v string) Action {
			if v == branchNow {
				return BranchFrom{Name: name}
			}
			return BranchFrom{UUID: v, Name: name}
		},
	}
	p.items = append(p.items, pickItem{title: "This point", desc: "the whole conversation as it is now", value: branchNow})
	for _, pr := range prompts {
		p.items = append(p.items, pickItem{title: "Before: " + oneLine(pr.Text), desc: oneLine(pr.Desc) + " · the prompt comes back to be edited",
			value: pr.UUID})
	}
	return p
}
