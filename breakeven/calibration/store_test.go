package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memStore is a FitStore in memory that counts what it is asked.
type memStore struct {
	kept       *Kept
	gets, puts int
}

func (s *memStore) Get() (Kept, bool) {
	s.gets++
	if s.kept == nil {
		return Kept{}, false
	}
	return *s.kept, true
}
func (s *memStore) Put(k Kept) { s.puts++; s.kept = &k }

// A kept result restores to the very values it was given, the fitted
// runs (unexported) included, so a notebook cell that reads it prints
// what computing it would.
func TestKeptFitIsTheFit(t *testing.T) {
	m, sums, err := Validated()
	require.NoError(t, err)
	m2, sums2 := Keep(m, sums).Restore()
	assert.Equal(t, m, m2)
	assert.Equal(t, sums, sums2)
	assert.NotEmpty(t, m2.fitRuns)
}

// With a store, the first call computes and keeps the result, and the
// next reads it without computing.
func TestFitStoreFitsOnce(t *testing.T) {
	m, sums, err := Validated()
	require.NoError(t, err)
	fits := 0
	fit := func() (Model, []Summary, error) { fits++; return m, sums, nil }
	s := &memStore{}
	FitStore = s
	defer func() { FitStore = nil }()

	_, _, err = fitOrKept(fit)
	require.NoError(t, err)
	got, gotSums, err := fitOrKept(fit)
	require.NoError(t, err)
	assert.Equal(t, 1, fits, "fitted once")
	assert.Equal(t, 1, s.puts)
	assert.Equal(t, 2, s.gets)
	assert.Equal(t, m, got)
	assert.Equal(t, sums, gotSums)
}
