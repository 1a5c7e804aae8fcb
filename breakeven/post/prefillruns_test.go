package post

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A run on one GPU says so: the MInference run of 300K tokens is on one
// A100, as its issue states.
func TestValidationRunOnOneGPUCountsOne(t *testing.T) {
	rows := csvCells(t, PrefillValidationData(), func(r map[string]string) string { return r["run_id"] })
	assert.Equal(t, 1.0, cell(t, rows, "minference-a100-llama3-8b-300k", "gpus"))
}

// Nothing measured (an estimate of zeros) prints as no value; any nonzero
// part is kept.
func TestEstimateOfZerosIsNoValue(t *testing.T) {
	z := estOrNaN(E[float64]{})
	assert.True(t, math.IsNaN(z.Value) && math.IsNaN(z.Lo) && math.IsNaN(z.Hi))
	for _, e := range []E[float64]{{Value: 1}, {Lo: 1}, {Hi: 1}, {Value: 2, Lo: 1, Hi: 3}} {
		assert.Equal(t, e, estOrNaN(e))
	}
}
