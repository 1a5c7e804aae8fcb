package factcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"signalweight.dev/kv/sources"
)

// Every published claim is checked, unless the registry says why it cannot
// be; and then the checker must indeed refuse it, so a reason cannot
// outlive the gap it names.
func TestRegistryClaimsCheckOrSayWhyNot(t *testing.T) {
	c := NewChecker(Options{})
	checked := 0
	for _, p := range sources.PublishedClaims {
		_, err := c.Check(FromPublished(p))
		if p.Unchecked == "" {
			if assert.NoError(t, err, p.ID) {
				checked++
			}
		} else {
			assert.Error(t, err, "%s is marked unchecked (%s) but checks", p.ID, p.Unchecked)
		}
	}
	assert.GreaterOrEqual(t, checked, 20, "the issue asks for at least 20 published claims checked")
}
