package calibration

import (
	"bytes"
	"encoding/gob"
)

// FitStore, when not nil, keeps Fitted's result across processes: Fitted
// asks it before fitting, and gives it what it fitted. The fit is a pure
// function of the code and the runs, and takes seconds of CPU; a GoNB
// notebook runs every cell as a new program, so without a store each
// cell that prices a prefill fits again. The store must answer only for
// the code and data that fitted it (notebooks/show keys it by a hash of
// the sources it depends on).
var FitStore interface {
	Get() ([]byte, bool)
	Put([]byte)
}

// keptFit is what a store keeps: the model, with its unexported runs,
// and every structure's summary.
type keptFit struct {
	Model   Model
	FitRuns []Run
	Sums    []Summary
}

// encodeFit and decodeFit are the store's form of Fitted's result;
// TestKeptFitIsTheFit checks that decoding gives back the same values.
func encodeFit(m Model, sums []Summary) ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(keptFit{Model: m, FitRuns: m.fitRuns, Sums: sums})
	return b.Bytes(), err
}

func decodeFit(data []byte) (Model, []Summary, error) {
	var k keptFit
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&k); err != nil {
		return Model{}, nil, err
	}
	k.Model.fitRuns = k.FitRuns
	return k.Model, k.Sums, nil
}

// fitOrKept returns the kept fit when the store has one that decodes,
// else fits and keeps the result.
func fitOrKept(fit func() (Model, []Summary, error)) (Model, []Summary, error) {
	store := FitStore
	if store == nil {
		return fit()
	}
	if data, ok := store.Get(); ok {
		if m, sums, err := decodeFit(data); err == nil {
			return m, sums, nil
		}
	}
	m, sums, err := fit()
	if err == nil {
		if data, err := encodeFit(m, sums); err == nil {
			store.Put(data)
		}
	}
	return m, sums, err
}
