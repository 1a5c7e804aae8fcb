package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportDOM is what the report's page holds once Chromium has parsed it,
// read from the DOM only.
type reportDOM struct {
	Title string `json:"title"`
	// Order is the document order of the top-level landmarks: "h1",
	// "summary", then each group of claims by its data-group.
	Order []string `json:"order"`
	// SummaryFirst: the summary table precedes every claim's section.
	SummaryFirst bool `json:"summaryFirst"`
	// Groups are the summary table's groups in order, and Rows the
	// claims each lists, as its first cell ("1", "R1") and claim.
	Groups []string   `json:"groups"`
	Rows   [][]string `json:"rows"`
	// Targets are the summary's links that reach no claim's section.
	Broken []string `json:"broken"`
	// Claims are the sections in order: id, heading, the first element
	// after the heading (its class), and the definition terms.
	Claims []struct {
		ID      string   `json:"id"`
		Heading string   `json:"heading"`
		First   string   `json:"first"`
		Answer  string   `json:"answer"`
		Terms   []string `json:"terms"`
		Links   []string `json:"links"`
		Sources []string `json:"sources"`
	} `json:"claims"`
	// External counts elements that would fetch something: scripts,
	// stylesheets by link, images, frames, and url() in the styles.
	External int `json:"external"`
	Styles   int `json:"styles"`
	// BareURLs are texts that look like an address but are not inside a
	// link.
	BareURLs []string `json:"bareURLs"`
}

const readReportJS = `(() => {
  const r = {title: document.title, order: [], groups: [], rows: [], broken: [], claims: [], bareURLs: []};
  for (const el of document.querySelectorAll('body > header h1, body > section')) {
    r.order.push(el.tagName === 'H1' ? 'h1' : (el.id === 'summary' ? 'summary' : (el.dataset.group || el.id)));
  }
  const table = document.querySelector('#summary table');
  const firstClaim = document.querySelector('section.claim');
  r.summaryFirst = !!table && !!firstClaim && !!(table.compareDocumentPosition(firstClaim) & Node.DOCUMENT_POSITION_FOLLOWING);
  for (const tb of document.querySelectorAll('#summary tbody')) {
    r.groups.push(tb.dataset.group);
    for (const tr of tb.querySelectorAll('tr:not(.group)')) {
      r.rows.push([tb.dataset.group, tr.cells[0].textContent, tr.cells[1].textContent, tr.cells[2].textContent]);
      const a = tr.cells[1].querySelector('a[href^="#"]');
      if (!a || !document.getElementById(a.getAttribute('href').slice(1))) r.broken.push(tr.cells[1].textContent);
    }
  }
  for (const s of document.querySelectorAll('section.claim')) {
    const h = s.querySelector('h3');
    const c = {id: s.id, heading: h ? h.textContent : '', first: h && h.nextElementSibling ? h.nextElementSibling.className || h.nextElementSibling.tagName : '',
      answer: (s.querySelector('p.answer') || {}).textContent || '', terms: [], links: [], sources: []};
    for (const dt of s.querySelectorAll('dt')) c.terms.push(dt.textContent);
    for (const a of s.querySelectorAll('a[href]')) c.links.push(a.getAttribute('href'));
    for (const dt of s.querySelectorAll('dt')) if (dt.textContent === 'Source') c.sources.push(dt.nextElementSibling.innerHTML);
    r.claims.push(c);
  }
  r.external = document.querySelectorAll('script, link, img, iframe, object, embed, video, audio, source').length;
  r.styles = document.querySelectorAll('style').length;
  for (const st of document.querySelectorAll('style')) if (/url\(|@import/.test(st.textContent)) r.external++;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (/https?:\/\//.test(n.textContent) && !n.parentElement.closest('a, code')) r.bareURLs.push(n.textContent);
  }
  return r;
})()`

// The HTML report in Chromium, read from its DOM: a title and a summary
// table before every claim's section; the user's own claims (two rows
// appended to data/claims.csv) listed, and detailed, before the
// registry's; each summary row links to its claim; each claim opens with
// its answer, and lists its sources, assumptions, arithmetic, verdict
// and command; every address is a link; nothing is fetched from
// elsewhere (inline styles only); and in print the links lose their
// colour.
func TestReportHTMLInBrowserSummaryFirstAndYoursBeforeTheRegistry(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	registry, err := os.ReadFile(filepath.Join(repoRoot, "data", "claims.csv"))
	require.NoError(t, err)
	dir := t.TempDir()
	claims := filepath.Join(dir, "claims.csv")
	// Two of the user's own: WEKA's claim on a link written in bytes per
	// second, and one with an address for its source.
	mine := userRows(t, registry,
		map[string]string{"model": "llama-3.1-70b", "tokens": "105000", "seconds": "0.58", "links": "450 GB/s", "source": "https://example.com/claim?a=1&b=2", "id": "mine-weka", "quote": "105,000 tokens in 0.58 s"},
		map[string]string{"model": "llama-3.1-8b", "tokens": "7500", "seconds": "1ms", "links": "8x450 GB/s", "seconds_are": "load", "host": "dgx-h100", "path": "network"})
	require.NoError(t, os.WriteFile(claims, append(registry, mine...), 0o644))
	code, out, errOut := runCmd("check", "--claims", claims, "--report", "html")
	require.Equal(t, 0, code, errOut)
	page := filepath.Join(dir, "report.html")
	require.NoError(t, os.WriteFile(page, []byte(out), 0o644))

	ctx := browser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("file://"+page)))
	dom := eval[reportDOM](t, ctx, readReportJS)

	assert.Equal(t, "Claims checked: "+claims, dom.Title)
	assert.Equal(t, []string{"h1", "summary", "claim", "registry"}, dom.Order, "the summary, then yours, then the registry's")
	assert.True(t, dom.SummaryFirst, "the summary table precedes the claims")
	assert.Equal(t, []string{"claim", "registry"}, dom.Groups)
	require.GreaterOrEqual(t, len(dom.Rows), 3)
	assert.Equal(t, []string{"claim", "1", "mine-weka: Llama 3.1 70B, 105,000 tokens in 580 ms", "plausible"}, dom.Rows[0])
	// The second of the user's rows has no id: it is named by its line,
	// the file's lines plus two.
	line := strings.Count(string(registry), "\n") + 2
	assert.Equal(t, []string{"claim", "2", "line " + itoa(line) + ": Llama 3.1 8B, 7,500 tokens in 1.00 ms", "implausible as stated"}, dom.Rows[1])
	assert.Equal(t, "R1", dom.Rows[2][1])
	for _, r := range dom.Rows[2:] {
		assert.Equal(t, "registry", r[0], "no row of yours after the registry's: %v", r)
	}
	assert.Empty(t, dom.Broken, "every summary row links to its claim")

	require.Len(t, dom.Claims, len(dom.Rows))
	for _, c := range dom.Claims {
		assert.Equal(t, "answer", c.First, "%s: the answer comes first", c.Heading)
		assert.NotEmpty(t, c.Answer, c.Heading)
		assert.Subset(t, c.Terms, []string{"Source", "Assumptions", "Arithmetic", "Verdict", "Reproduce"}, c.Heading)
		assert.NotContains(t, c.Heading, " 0 tokens", "no claim is titled by zero tokens")
	}
	// WEKA's 105,000 tokens of Llama 3.1 70B: 105,000 x 327,680 B =
	// 34.4 GB, / 0.58 s = 59.3 GB/s, against the 450 GB/s stated, 13.2%.
	weka := dom.Claims[0]
	assert.Equal(t, "Loading 34.4 GB in a 580 ms time to first token needs at least 59.3 GB/s; one 450 GB/s link carries 450 GB/s: plausible.", weka.Answer)
	assert.Contains(t, weka.Terms, "Link utilisation")
	assert.Equal(t, []string{"https://example.com/claim?a=1&b=2"}, weka.Links, "the user's address is a link")
	// The registry's sources with an address are links to it.
	linked := 0
	for _, c := range dom.Claims[2:] {
		for _, l := range c.Links {
			assert.True(t, strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://"), l)
			linked++
		}
	}
	assert.Greater(t, linked, 10)
	assert.Empty(t, dom.BareURLs, "every address is a link")
	assert.Equal(t, 0, dom.External, "nothing fetched from elsewhere")
	assert.Equal(t, 1, dom.Styles, "one inline stylesheet")

	// Printed: links without their underline, claims without their
	// frame; on screen, both.
	const styleJS = `(() => { const a = document.querySelector('section.claim a[href]'), s = document.querySelector('section.claim');
  return [getComputedStyle(a).textDecorationLine, getComputedStyle(s).borderLeftStyle]; })()`
	assert.Equal(t, []string{"underline", "solid"}, eval[[]string](t, ctx, styleJS))
	_, err = chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
	require.NoError(t, err)
	assert.Equal(t, []string{"none", "none"}, eval[[]string](t, ctx, styleJS))
}
