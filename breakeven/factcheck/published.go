package factcheck

import (
	"fmt"

	"signalweight.dev/kv/sources"
)

// FromPublished is a published claim as the checker reads it: every form
// and field as the source states it, its source and quote kept for the
// report.
func FromPublished(p sources.PublishedClaim) Claim {
	return Claim{
		ID: p.ID, Model: p.Model, Config: p.Config, Tokens: p.Tokens,
		Seconds: p.Seconds, SecondsAre: p.SecondsAre, Size: p.Size,
		Throughput: p.Throughput, PerNode: p.PerNode, Uncached: p.Uncached, Speedup: p.Speedup, Hit: p.Hit,
		Links: p.Links, Host: p.Host, Path: p.Path, TP: p.TP, GPUs: p.GPUs, KVDtype: p.KVDtype,
		Source: string(p.Source), Locator: p.Locator, Quote: p.Quote, Note: p.Note,
	}
}

// Refused is a published claim the checker cannot check as stated: the
// registry's reason (sources.PublishedClaim.Unchecked) and the checker's
// own error.
type Refused struct {
	Claim  Claim
	Reason string
	Err    error
}

// CheckRegistry checks every claim of sources.PublishedClaims, in order:
// the results of those that check, and those that the registry marks as
// not checkable, with the checker's error. A claim that breaks its mark
// (fails unmarked, or checks while marked) is an error: the registry and
// the checker disagree.
func CheckRegistry(opt Options) ([]Result, []Refused, error) {
	c := NewChecker(opt)
	var ok []Result
	var refused []Refused
	for _, p := range sources.PublishedClaims {
		cl := FromPublished(p)
		r, err := c.Check(cl)
		switch {
		case p.Unchecked == "" && err != nil:
			return nil, nil, fmt.Errorf("published claim %s: %w", p.ID, err)
		case p.Unchecked != "" && err == nil:
			return nil, nil, fmt.Errorf("published claim %s is marked unchecked (%s) but checks", p.ID, p.Unchecked)
		case err != nil:
			refused = append(refused, Refused{cl, p.Unchecked, err})
		default:
			ok = append(ok, r)
		}
	}
	return ok, refused, nil
}
