package factcheck

import "signalweight.dev/kv/sources"

// FromPublished is a published claim as the checker reads it: every form
// and field as the source states it, its source and quote kept for the
// report.
func FromPublished(p sources.PublishedClaim) Claim {
	return Claim{
		ID: p.ID, Model: p.Model, Config: p.Config, Tokens: p.Tokens,
		Seconds: p.Seconds, SecondsAre: p.SecondsAre, Size: p.Size,
		Throughput: p.Throughput, PerNode: p.PerNode, Uncached: p.Uncached, Speedup: p.Speedup, Hit: p.Hit,
		Links: p.Links, Host: p.Host, GPUs: p.GPUs, KVDtype: p.KVDtype,
		Source: string(p.Source), Locator: p.Locator, Quote: p.Quote, Note: p.Note,
	}
}
