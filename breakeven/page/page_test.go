package page_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/page"
)

// A field's error is shown beside it, even when wrapped, with every
// input named by its label on the page; an example of the field's own
// values drops the name (the message is beside the field), and a flag
// the page lacks stays a flag only where no label exists.
func TestErrorOfNamesInputsByTheirLabels(t *testing.T) {
	fe := breakeven.Bad("link", "12 parsecs/s", "unknown unit; see --link and --gpus", "--link 181Gbit/s, --link 2x100GbE")
	got := page.ErrorOf(fmt.Errorf("compute: %w", fe), page.CalcFront)
	assert.Equal(t, *fe, got.FieldError, "the error as the calculator wrote it, for programs")
	assert.Equal(t, `“Link” "12 parsecs/s": unknown unit; see “Link” and “GPUs for the FLOP model” (e.g. 181Gbit/s, 2x100GbE)`, got.Text)

	// An example that names another field keeps every name.
	fe = breakeven.Bad("gpus", "1xH100", "does not fit", "--gpus 12xH100, or --weights int4")
	assert.Equal(t, `“GPUs for the FLOP model” "1xH100": does not fit (e.g. “GPUs for the FLOP model” = 12xH100, or “Weights” = int4)`,
		page.ErrorOf(fe, page.CalcFront).Text)

	// The claim form has its own labels; an empty value is not quoted.
	assert.Equal(t, `“(a) Time with the cache”: missing (e.g. 0.58)`, page.ErrorOf(breakeven.Bad("seconds", "", "missing", "0.58"), page.ClaimFront).Text)
	assert.Equal(t, `“GPUs that prefill” "x": bad (e.g. 8xH100)`, page.ErrorOf(breakeven.Bad("gpus", "x", "bad", "8xH100"), page.ClaimFront).Text)

	// A route's link and a checkbox by their labels.
	assert.Equal(t, `“G2 hit link” "x": bad (e.g. PCIe5x16)`, page.ErrorOf(breakeven.Bad("tier-G2", "x", "bad", "PCIe5x16"), page.CalcFront).Text)
	assert.Equal(t, `“Handover link” "x": bad (e.g. roce)`, page.ErrorOf(breakeven.Bad("tier-handover", "x", "bad", "roce"), page.CalcFront).Text)
	assert.Equal(t, `tick “Recompute the first tokens while loading the rest” too`,
		page.ErrorOf(&breakeven.FieldError{Field: "overlap", Message: "tick --overlap too"}, page.CalcFront).Text)
}

// The command's own ways (a command to run, flags the page lacks) become
// the page's; a message that would not name its field starts with it.
func TestErrorOfSpeaksThePagesWords(t *testing.T) {
	fe := &breakeven.FieldError{Field: "model", Value: "mistral-medium-3.5", Message: "no published config; give its architecture instead",
		Example: "--layers 88 --kv-heads 8 --head-dim 128"}
	assert.Equal(t, `“Model” "mistral-medium-3.5": no published config; paste its config.json below instead`, page.ErrorOf(fe, page.CalcFront).Text)

	fe = breakeven.Bad("model", "x", "unknown model", `--model llama-3.1-70b, or --config config.json; "breakeven models" lists them`)
	assert.Equal(t, `“Model” "x": unknown model (e.g. llama-3.1-70b; the menu lists the catalog, or paste a config.json below)`, page.ErrorOf(fe, page.CalcFront).Text)

	fe = breakeven.Bad("links", "abc", `"abc" is neither a speed nor a known preset (breakeven calc --links lists them)`, "ndr")
	assert.Equal(t, `“Links stated” "abc": "abc" is neither a speed nor a known preset (e.g. ndr)`, page.ErrorOf(fe, page.ClaimFront).Text)
}

// Any other error is a sentence with no field; a request that is not
// JSON says so.
func TestErrorOfOtherErrors(t *testing.T) {
	got := page.ErrorOf(errors.New("no model"), page.CalcFront)
	assert.Equal(t, page.Error{FieldError: breakeven.FieldError{Message: "no model"}, Text: "no model"}, got)
	got = page.BadRequest(errors.New("unexpected end of JSON input"), page.ClaimFront)
	assert.Equal(t, "", got.Field)
	assert.Equal(t, "bad request: unexpected end of JSON input", got.Text)
}

// An answer is JSON; one that cannot be written (a NaN) comes back as the
// page's errors list with the reason, never as nothing.
func TestJSON(t *testing.T) {
	assert.Equal(t, `{"a":1}`, string(page.JSON(map[string]int{"a": 1})))
	assert.Equal(t, `{"errors":[{"field":"","value":"","message":"json: unsupported value: NaN","text":"json: unsupported value: NaN"}]}`,
		string(page.JSON(map[string]float64{"a": math.NaN()})))
}
