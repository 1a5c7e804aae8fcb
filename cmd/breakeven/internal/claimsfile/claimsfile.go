// Package claimsfile writes claims files for "breakeven check --claims":
// the published claims of data/claims.csv, from the inputs in package
// sources, and synthetic files of any length for measured runs. Program
// genclaims runs it; "go generate ./cmd/breakeven" rewrites
// data/claims.csv with it.
package claimsfile

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

// Header is the comment and header rows of data/claims.csv.
var Header = `# Published claims about loading KV caches, for "breakeven check --claims data/claims.csv".
# One claim a row, in any of its forms: seconds (a time to first token with the
# cache unless seconds_are is load), size, throughput (per_node yes or no),
# uncached with speedup, hit (the share loaded). Links, host, path, tp (figures
# per GPU of N), gpus: as the claim states. source names ids from sources/, separated by ";". The rows
# above the marker line are written from sources/ by "go generate ./cmd/breakeven";
# append new claims below it, with their source. Columns: "breakeven check -h".
` + strings.Join(Columns, ",") + "\n"

// Columns are the columns of data/claims.csv: the required ones, then
// every optional one the checker reads.
var Columns = append(append([]string{}, factcheck.RequiredColumns...), factcheck.OptionalColumns...)

// Marker ends the generated rows; what follows it is kept when the file is
// rewritten.
const Marker = "# Your claims: append below this line; go generate keeps them.\n"

// Published is one claim the post checks: a test's cached time read as a
// time to first token with its whole cache loaded over the links stated.
type Published struct {
	Test sources.PrefillTest
	// Links is how many links of LinkSpeed the claim states (0: none),
	// with LinkCite citing them.
	Links     float64
	LinkSpeed breakeven.Bandwidth
	LinkCite  sources.Cite
	// Host is the host catalog's id of the test's machine, "" where the
	// source names none; Size, Throughput and Speedup are the other
	// figures the source states, zero where it states none.
	Host       string
	Size       *sources.Input[breakeven.Bytes]
	Throughput *sources.Input[breakeven.Bandwidth]
	Speedup    *sources.Input[float64]
	Note       string
}

// PublishedClaims returns the post's claims, in the order of
// data/claims.csv.
func PublishedClaims() []Published {
	return []Published{
		{Test: sources.VAST405B, Links: sources.VASTLinks.V(), LinkSpeed: sources.VASTLinkSpeed.V(), LinkCite: sources.VASTLinkSpeed.Cite,
			Size: &sources.VASTCache, Throughput: &sources.VASTThroughput, Speedup: &sources.VASTSpeedup,
			Note: "TTFT with the cache loaded, on 8 H100s over two 100 Gbit/s links (181 Gbit/s sustained); figures as the post reports them"},
		{Test: sources.QwenWWT,
			Note: "cached TTFT on one H100, as WWT reports VAST's test (uncached: over 11 s); no link or host stated"},
		{Test: sources.WEKA70B, Links: 1, LinkSpeed: sources.WEKALinkSpeed.V(), LinkCite: sources.WEKALinkSpeed.Cite, Host: "dgx-h100",
			Note: "TTFT with Augmented Memory Grid on a DGX H100, as NAND Research reports WEKA's test; the link is the post's comparison, not stated by the source"},
	}
}

// LinksText writes the stated links as the check command reads them:
// "2x100Gbit/s", or empty where none is stated.
func (p Published) LinksText() string {
	if p.Links == 0 {
		return ""
	}
	return fmt.Sprintf("%gx%sGbit/s", p.Links, num(float64(p.LinkSpeed)*8/1e9))
}

// SourceIDs lists the sources of the claim's time and links, each once,
// joined by ";".
func (p Published) SourceIDs() string {
	ids := []string{string(p.Test.Cached.Cite.Source)}
	if p.Links > 0 && p.LinkCite.Source != p.Test.Cached.Cite.Source {
		ids = append(ids, string(p.LinkCite.Source))
	}
	return strings.Join(ids, ";")
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// Claim is the published claim as a row of data/claims.csv: every figure
// written from its typed input.
func (p Published) Claim() factcheck.Claim {
	t := p.Test
	c := factcheck.Claim{ID: "post-" + t.ID, Model: t.Model, Tokens: num(float64(t.Tokens.V())), Seconds: num(float64(t.Cached.V())),
		SecondsAre: factcheck.SecondsTTFT, Links: p.LinksText(), Host: p.Host, Source: p.SourceIDs(),
		Locator: t.Cached.Locator, Note: p.Note}
	if t.Uncached.Name != "" {
		c.Uncached = num(float64(t.Uncached.V()))
	}
	if t.GPUs.Name != "" {
		c.GPUs = fmt.Sprintf("%gx%s", t.GPUs.V(), sources.EstimateChip)
	} else if t.ID == sources.WEKA70B.ID {
		c.GPUs = fmt.Sprintf("%gx%s", sources.DGXH100GPUs.V(), sources.EstimateChip)
	}
	if p.Size != nil {
		c.Size = num(float64(p.Size.V()/breakeven.GB)) + " GB"
	}
	if p.Throughput != nil {
		c.Throughput = num(float64(p.Throughput.V())*8/1e9) + " Gbit/s"
	}
	if p.Speedup != nil {
		c.Speedup = num(p.Speedup.V()) + "x"
	}
	return c
}

// Claims returns the generated claims of data/claims.csv: the post's
// three, then the registry of published claims in sources.
func Claims() []factcheck.Claim {
	var out []factcheck.Claim
	for _, p := range PublishedClaims() {
		out = append(out, p.Claim())
	}
	for _, p := range sources.PublishedClaims {
		if p.Unchecked == "" {
			out = append(out, factcheck.FromPublished(p))
		}
	}
	return out
}

// Unchecked returns the registry's claims that the checker cannot check
// as stated, each with its reason (sources.PublishedClaim.Unchecked).
func Unchecked() []sources.PublishedClaim {
	var out []sources.PublishedClaim
	for _, p := range sources.PublishedClaims {
		if p.Unchecked != "" {
			out = append(out, p)
		}
	}
	return out
}

// Record writes a claim as a row of Columns.
func Record(c factcheck.Claim) []string {
	perNode := ""
	if c.PerNode {
		perNode = "yes"
	}
	byName := map[string]string{
		"model": c.Model, "tokens": c.Tokens, "seconds": c.Seconds, "links": c.Links, "source": c.Source,
		"seconds_are": c.SecondsAre, "size": c.Size, "throughput": c.Throughput, "per_node": perNode,
		"uncached": c.Uncached, "speedup": c.Speedup, "hit": c.Hit, "host": c.Host, "path": c.Path, "tp": c.TP, "gpus": c.GPUs,
		"kv_dtype": c.KVDtype, "config": c.Config, "id": c.ID, "locator": c.Locator, "quote": c.Quote, "note": c.Note,
	}
	rec := make([]string, len(Columns))
	for i, col := range Columns {
		rec[i] = byName[col]
	}
	return rec
}

// WritePublished writes the generated part of data/claims.csv: the
// header, a row per generated claim, and the marker.
func WritePublished(w io.Writer) error { return writeClaims(w, Claims()) }

func writeClaims(w io.Writer, claims []factcheck.Claim) error {
	var b bytes.Buffer
	b.WriteString(Header)
	cw := csv.NewWriter(&b)
	for _, c := range claims {
		if err := cw.Write(Record(c)); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	b.WriteString(Marker)
	_, err := w.Write(b.Bytes())
	return err
}

// Rewrite returns data/claims.csv rewritten: the published part from
// sources, then whatever followed the marker in old (nothing if old has
// no marker).
func Rewrite(old []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := WritePublished(&b); err != nil {
		return nil, err
	}
	if _, rest, ok := bytes.Cut(old, []byte(Marker)); ok {
		b.Write(rest)
	}
	return b.Bytes(), nil
}

// WriteSynthetic writes a claims file of n generated rows, mixing every
// form a claim takes: factcheck.WriteSynthetic.
func WriteSynthetic(w io.Writer, n int) error { return factcheck.WriteSynthetic(w, n) }
