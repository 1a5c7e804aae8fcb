package sources

import "signalweight.dev/kv/breakeven"

// PresetLink looks up a preset by name or alias, in any case, as a link
// for breakeven.ParseLink: breakeven.ParseLink("2xndr", sources.PresetLink).
func PresetLink(name string) (breakeven.Link, bool) {
	p, ok := FindLinkPreset(name)
	if !ok {
		return breakeven.Link{}, false
	}
	return breakeven.Link{Count: p.Count, Each: p.Each.V(), Name: p.Name}, true
}
