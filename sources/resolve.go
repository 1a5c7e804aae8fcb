package sources

import (
	"errors"
	"strings"

	"signalweight.dev/kv/breakeven"
)

// ModelExamples are the valid inputs a front end shows with an error of
// ResolveModel: what it takes in the field, and what else it takes for a
// model the catalog does not hold (a config.json, an architecture).
type ModelExamples struct {
	Name    string // a catalog name: `--model llama-3.1-70b`
	Unknown string // for a name the catalog does not know
}

// ResolveModel finds the model an input names in the field "model": a
// catalog name or alias (FindModel) whose cache can be computed. It is
// the one lookup by name of the calculator, the fact-checker, the page
// and the notebooks; the Model's NameNote is the line each prints when
// the name was read as another (an alias, a normalised spelling). Its
// error is a *breakeven.FieldError: the name missing, too long, of
// punctuation only, ambiguous once normalised (with the candidates),
// unknown (with the nearest names) or a model with no published config,
// whose Model is then returned too.
func ResolveModel(name string, ex ModelExamples) (Model, error) {
	if strings.TrimSpace(name) == "" {
		return Model{}, breakeven.Bad("model", name, "missing", ex.Name)
	}
	if len(name) <= MaxModelName && !HasNameCharacters(name) {
		return Model{}, breakeven.Bad("model", name, "no letter or digit, so it names no model", ex.Name)
	}
	m, err := FindModel(name)
	var unknown *UnknownModelError
	var ambiguous *AmbiguousModelError
	switch {
	case errors.As(err, &ambiguous):
		return m, breakeven.Bad("model", name, strings.TrimPrefix(err.Error(), "ambiguous model name "+breakeven.Quote(name)+": "), ex.Name)
	case errors.As(err, &unknown) && !unknown.TooLong:
		reason := "unknown model"
		if s := unknown.Suggestion(); s != "" {
			reason += "; " + s
		}
		return m, breakeven.Bad("model", name, reason, ex.Unknown)
	case err != nil:
		return m, breakeven.Bad("model", name, err.Error(), ex.Name)
	case !m.Known():
		return m, breakeven.Bad("model", name, m.Name+" has no published config, so its cache size cannot be computed", ex.Name)
	}
	return m, nil
}
