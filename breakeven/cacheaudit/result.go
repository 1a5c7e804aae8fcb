package cacheaudit

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
)

// ReadResult reads a result written by audit-cache --json and recomputes
// its test, medians and statement from its samples, so what is shown is
// computed here, not copied from the file.
func ReadResult(path string) (*Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not an audit-cache --json result: %v", path, err)
	}
	if len(r.Hits) == 0 || len(r.Misses) == 0 {
		return nil, fmt.Errorf("%s: no hit or no miss samples", path)
	}
	if err := r.Analyze(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}

// ECDF returns the steps of the empirical distribution function of the
// hit (or miss) times in milliseconds: x sorted, y the share at or below.
func (r *Result) ECDF(hit bool) (x, y []float64) {
	s := r.Misses
	if hit {
		s = r.Hits
	}
	x = times(s)
	for i := range x {
		x[i] *= 1e3
	}
	sort.Float64s(x)
	y = make([]float64, len(x))
	for i := range x {
		y[i] = float64(i+1) / float64(len(x))
	}
	return x, y
}

// RunsHeader and RunRow tabulate results: one row per run.
var RunsHeader = []string{"run", "cache_prompt", "samples", "prompt (letters)", "shared", "median hit (ms)", "median miss (ms)", "D+", "p", "alpha", "detected"}

// RunRow is a result's row under RunsHeader.
func RunRow(name string, r *Result) []string {
	cache := "(not sent)"
	if r.CachePrompt != nil {
		cache = strconv.FormatBool(*r.CachePrompt)
	}
	det := "no"
	if r.Detected {
		det = "yes"
	}
	return []string{name, cache, strconv.Itoa(len(r.Hits)), strconv.Itoa(r.PromptLength), strconv.Itoa(r.SharedPrefix),
		fmt.Sprintf("%.0f", 1e3*r.MedianHit), fmt.Sprintf("%.0f", 1e3*r.MedianMiss), fmt.Sprintf("%.3f", r.KS.DPlus), fmt.Sprintf("%.2g", r.KS.P), fmt.Sprintf("%g", r.Alpha), det}
}

// SavingHeader and SavingRow tabulate the time a hit saves against the
// N / r the prefill rate predicts.
var SavingHeader = []string{"prompt (letters)", "shared N", "median hit (ms)", "median miss (ms)", "saved (ms)", "r (letters/s, misses)", "N / r (ms)"}

// SavingRow is a result's row under SavingHeader.
func SavingRow(r *Result) []string {
	return []string{strconv.Itoa(r.PromptLength), strconv.Itoa(r.SharedPrefix), fmt.Sprintf("%.0f", 1e3*r.MedianHit), fmt.Sprintf("%.0f", 1e3*r.MedianMiss),
		fmt.Sprintf("%.0f", 1e3*(r.MedianMiss-r.MedianHit)), fmt.Sprintf("%.0f", r.PrefillRate), fmt.Sprintf("%.0f", 1e3*r.ExpectedSaving)}
}
