package themes

// Ref is the one shared handle on the current theme. Everything that outlives a theme
// switch (open and queued dialogs, panes) keeps the Ref, not a *Styles, and reads
// Get when it renders, so a switch reaches them all without a list to update.
// The *Styles it hands out is never mutated: a switch swaps in a new one, which keeps
// caches keyed by the pointer honest.
type Ref struct{ cur *Styles }

// NewRef holds st.
func NewRef(st *Styles) *Ref { return &Ref{cur: st} }

// Get is the current styles.
func (r *Ref) Get() *Styles { return r.cur }

// Set switches the theme for every holder of r.
func (r *Ref) Set(st *Styles) { r.cur = st }
