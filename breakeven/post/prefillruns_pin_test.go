package post

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A run on one GPU says so: the MInference run of 300K tokens is on one
// A100, as its issue states.
func TestValidationCountsOneGPU(t *testing.T) {
	rows := csvCells(t, PrefillValidationData(), func(r map[string]string) string { return r["run_id"] })
	assert.Equal(t, 1.0, cell(t, rows, "minference-a100-llama3-8b-300k", "gpus"))
}
