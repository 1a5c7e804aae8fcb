package calibration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// memStore is a FitStore in memory that counts what it is asked.
type memStore struct {
	data       []byte
	gets, puts int
}

func (s *memStore) Get() ([]byte, bool) { s.gets++; return s.data, s.data != nil }
func (s *memStore) Put(b []byte)        { s.puts++; s.data = b }

// A kept fit decodes to the very values the fit gave, unexported runs
// included, so a notebook cell that reads it prints what fitting would.
func TestKeptFitIsTheFit(t *testing.T) {
	m, sums, err := Validated()
	require.NoError(t, err)
	data, err := encodeFit(m, sums)
	require.NoError(t, err)
	m2, sums2, err := decodeFit(data)
	require.NoError(t, err)
	assert.Equal(t, m, m2)
	assert.Equal(t, sums, sums2)
	assert.NotEmpty(t, m2.fitRuns)
}

// With a store, the first call fits and keeps the result, and the next
// reads it without fitting; a store that holds something undecodable is
// fitted past and overwritten.
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
	assert.Equal(t, m, got)
	assert.Equal(t, sums, gotSums)

	s.data = []byte("not a kept fit")
	_, _, err = fitOrKept(fit)
	require.NoError(t, err)
	assert.Equal(t, 2, fits, "fitted again past a bad entry")
	assert.Equal(t, 2, s.puts)
}
