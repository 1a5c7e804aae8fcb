package calibration

// FitStore, when not nil, keeps Validated's result across processes:
// Validated asks it before validating, and gives it what it computed.
// The validation is a pure function of the code and the runs, and takes
// tens of seconds of CPU; a GoNB notebook runs every cell as a new
// program, so without a store each cell that reports it computes it
// again. The store must answer only for the code and data that computed
// it (notebooks/show keys it by a hash of the sources it depends on, and
// encodes it there, so that the page's WebAssembly module, which links
// this package, links no encoder).
var FitStore interface {
	Get() (Kept, bool)
	Put(Kept)
}

// Kept is what a store keeps: the model, with the runs it was fitted
// on, and every structure's summary.
type Kept struct {
	Model   Model
	FitRuns []Run
	Sums    []Summary
}

// Keep is the kept form of a model and its summaries.
func Keep(m Model, sums []Summary) Kept { return Kept{Model: m, FitRuns: m.fitRuns, Sums: sums} }

// Restore is the model and summaries Keep was given.
func (k Kept) Restore() (Model, []Summary) {
	k.Model.fitRuns = k.FitRuns
	return k.Model, k.Sums
}

// fitOrKept returns the kept result when the store has one, else
// computes it and keeps it.
func fitOrKept(fit func() (Model, []Summary, error)) (Model, []Summary, error) {
	store := FitStore
	if store == nil {
		return fit()
	}
	if k, ok := store.Get(); ok {
		m, sums := k.Restore()
		return m, sums, nil
	}
	m, sums, err := fit()
	if err == nil {
		store.Put(Keep(m, sums))
	}
	return m, sums, err
}
