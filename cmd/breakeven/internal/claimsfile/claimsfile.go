// Package claimsfile writes claims files for "breakeven check --claims":
// the published claims of data/claims.csv, from the inputs in package
// sources, and synthetic files of any length for measured runs. Program
// genclaims runs it; "go generate ./cmd/breakeven" rewrites
// data/claims.csv with it.
package claimsfile

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/sources"
)

// Header is the comment and header rows of data/claims.csv.
const Header = `# Vendor claims of KV-cache loads, for "breakeven check --claims data/claims.csv".
# One claim a row: tokens of a catalog model loaded in seconds over the stated
# links (empty if none is stated). source names ids from sources/source.go,
# separated by ";". The rows above the marker line are written from sources/
# by "go generate ./cmd/breakeven"; append new claims below it, with their source.
model,tokens,seconds,links,source,kv_dtype,note
`

// Marker ends the generated rows; what follows it is kept when the file is
// rewritten.
const Marker = "# Your claims: append below this line; go generate keeps them.\n"

// Published is one claim the post checks: a test's cached time read as a
// load of its whole cache over the links stated.
type Published struct {
	Test sources.PrefillTest
	// Links is how many links of LinkSpeed the claim states (0: none),
	// with LinkCite citing them.
	Links     float64
	LinkSpeed breakeven.Bandwidth
	LinkCite  sources.Cite
	Note      string
}

// PublishedClaims returns the claims of data/claims.csv, in its order.
func PublishedClaims() []Published {
	return []Published{
		{sources.VAST405B, sources.VASTLinks.V(), sources.VASTLinkSpeed.V(), sources.VASTLinkSpeed.Cite,
			"TTFT with the cache loaded, on 8 H100s over two 100 Gbit/s links (181 Gbit/s sustained); figures as the post reports them"},
		{sources.QwenWWT, 0, 0, sources.Cite{},
			"cached TTFT on one H100, as WWT reports VAST's test; no link stated"},
		{sources.WEKA70B, 1, sources.WEKALinkSpeed.V(), sources.WEKALinkSpeed.Cite,
			"TTFT with Augmented Memory Grid on a DGX H100, as NAND Research reports WEKA's test; the link is the post's comparison, not stated by the source"},
	}
}

// LinksText writes the stated links as the check command reads them:
// "2x100Gbit/s", or empty where none is stated.
func (p Published) LinksText() string {
	if p.Links == 0 {
		return ""
	}
	return fmt.Sprintf("%gx%sGbit/s", p.Links, strconv.FormatFloat(float64(p.LinkSpeed)*8/1e9, 'f', -1, 64))
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

// WritePublished writes the generated part of data/claims.csv: the
// header, a row per published claim, and the marker.
func WritePublished(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString(Header)
	cw := csv.NewWriter(&b)
	for _, p := range PublishedClaims() {
		t := p.Test
		if err := cw.Write([]string{t.Model, strconv.FormatFloat(float64(t.Tokens.V()), 'f', -1, 64),
			strconv.FormatFloat(float64(t.Cached.V()), 'f', -1, 64), p.LinksText(), p.SourceIDs(), "", p.Note}); err != nil {
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

// WriteSynthetic writes a claims file of n generated rows: the catalog's
// computable models in turn, with varied lengths, times and links.
func WriteSynthetic(w io.Writer, n int) error {
	var models []string
	for _, m := range sources.Models() {
		if m.Known() {
			models = append(models, m.Name)
		}
	}
	links := []string{"1x400Gbit/s", "2x100GbE", "", "ndr", "8xPCIe5x16", "22.6 GB/s"}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "model,tokens,seconds,links,source,note")
	for i := 0; i < n; i++ {
		fmt.Fprintf(bw, "%s,%d,%g,%s,generated,row %d\n", models[i%len(models)], 1000+(i*7919)%60000, 0.05+float64(i%97)/10, links[i%len(links)], i)
	}
	return bw.Flush()
}
