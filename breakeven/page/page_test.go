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

// A field's error is shown beside it, named as the form names it, even
// when wrapped; a flag the form lacks stays a flag.
func TestErrorOfAFieldError(t *testing.T) {
	front := page.Front(func(f string) bool { return f == "link" })
	fe := breakeven.Bad("link", "12 parsecs/s", "unknown unit; see --link and --gpus", "181Gbit/s")
	got := page.ErrorOf(fmt.Errorf("compute: %w", fe), front)
	assert.Equal(t, *fe, got.FieldError)
	assert.Equal(t, `link "12 parsecs/s": unknown unit; see link and --gpus (e.g. link = 181Gbit/s)`, got.Text)

	all := page.Front(nil)
	assert.Equal(t, `gpus "x": bad (e.g. gpus = 8xH100)`, page.ErrorOf(breakeven.Bad("gpus", "x", "bad", "8xH100"), all).Text)
}

// Any other error is a sentence with no field; a request that is not
// JSON says so.
func TestErrorOfOtherErrors(t *testing.T) {
	got := page.ErrorOf(errors.New("no model"), page.Front(nil))
	assert.Equal(t, page.Error{FieldError: breakeven.FieldError{Message: "no model"}, Text: "no model"}, got)
	got = page.BadRequest(errors.New("unexpected end of JSON input"), page.Front(nil))
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
