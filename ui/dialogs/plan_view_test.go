package dialogs

import "testing"

func init() {
	moreScreens = append(moreScreens, screen{name: "plan_view", build: func(_ *testing.T, env Env) Dialog {
		return NewPlanView("# Add a cache\n\n1. Cache the **index**\n2. Measure it", "/home/dev/.claude/plans/add-a-cache.md", env)
	}})
}
