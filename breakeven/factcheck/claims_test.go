package factcheck_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven"
	"signalweight.dev/kv/breakeven/factcheck"
	"signalweight.dev/kv/sources"
)

const claimsFile = "../../data/claims.csv"

// readAll checks every claim of a file, keeping results and bad rows.
func readAll(t testing.TB, text string, opt factcheck.Options) ([]factcheck.Result, []*factcheck.RowError, error) {
	t.Helper()
	var good []factcheck.Result
	var bad []*factcheck.RowError
	err := factcheck.CheckAll(strings.NewReader(text), factcheck.NewChecker(opt),
		func(r factcheck.Result) error { good = append(good, r); return nil },
		func(e *factcheck.RowError) error { bad = append(bad, e); return nil })
	return good, bad, err
}

// data/claims.csv holds the post's three claims with the numbers typed in
// sources, so they are not silently typed twice; its other rows are the
// registry's checked claims (sources.PublishedClaims).
func TestClaimsFileAgreesWithSources(t *testing.T) {
	text, err := os.ReadFile(claimsFile)
	require.NoError(t, err)
	rows, bad, err := readAll(t, string(text), factcheck.Options{})
	require.NoError(t, err)
	require.Empty(t, bad)
	registry := map[string]bool{}
	for _, p := range sources.PublishedClaims {
		registry[p.ID] = p.Unchecked == ""
	}
	var good []factcheck.Result
	for _, r := range rows {
		if strings.HasPrefix(r.Claim.ID, "post-") {
			good = append(good, r)
			continue
		}
		assert.True(t, registry[r.Claim.ID], "row %s is neither the post's nor a checked registry claim", r.Claim.ID)
	}
	want := map[string]struct {
		test  sources.PrefillTest
		links breakeven.Bandwidth
	}{
		sources.VAST405B.Model: {sources.VAST405B, breakeven.Bandwidth(sources.VASTLinks.V()) * sources.VASTLinkSpeed.V()},
		sources.QwenWWT.Model:  {sources.QwenWWT, 0},
		sources.WEKA70B.Model:  {sources.WEKA70B, sources.WEKALinkSpeed.V()},
	}
	require.Len(t, good, len(want))
	for _, r := range good {
		w, ok := want[r.Model.Name]
		require.True(t, ok, "unexpected claim %s", r.Model.Name)
		assert.Equal(t, float64(w.test.Tokens.V()), float64(r.Tokens), r.Model.Name)
		assert.Equal(t, float64(w.test.Cached.V()), float64(r.Seconds), r.Model.Name)
		assert.Equal(t, float64(w.links), float64(r.Capacity()), r.Model.Name)
		if r.Model.Name == sources.VAST405B.Model {
			assert.Equal(t, float64(sources.VASTLinkSpeed.V()), float64(r.Link.Each))
		}
		require.NotEmpty(t, r.Claim.Source, r.Model.Name)
		for _, id := range strings.Split(r.Claim.Source, ";") {
			_, ok := sources.Lookup(sources.SourceID(strings.TrimSpace(id)))
			assert.True(t, ok, "%s: source %q is not registered in sources", r.Model.Name, id)
		}
		assert.NotEmpty(t, r.Claim.Note)
	}
}

// A bad row is reported with its line and reason; every good row is
// still checked.
func TestBadRowsAreReportedByLine(t *testing.T) {
	text := strings.Join([]string{
		"# a comment", // 1
		"Model, Tokens ,seconds,links,SOURCE,note",           // 2: header, any case and spacing
		"llama-3.1-70b,105000,0.58,1x400Gbit/s,nand-weka,ok", // 3
		"llama-3.1-450b,105000,0.58,,x,typo",                 // 4: unknown model
		",,,,,",                                              // 5: empty row
		"qwen3-32b,131072,1.5,,wwt-kv-cache",                 // 6: too few fields
		"",                                                   // 7: blank, skipped
		"qwen3-32b,abc,1.5,,x,",                              // 8: bad tokens
		`qwen3-32b,131072,"1.5,,x,`,                          // 9: open quote runs to the end
	}, "\n")
	good, bad, err := readAll(t, text, factcheck.Options{})
	require.NoError(t, err)
	require.Len(t, good, 1)
	assert.Equal(t, 3, good[0].Claim.Line)
	assert.Equal(t, "ok", good[0].Claim.Note)
	lines := map[int]string{}
	for _, e := range bad {
		lines[e.Line] = e.Error()
	}
	assert.Contains(t, lines[4], `model "llama-3.1-450b": unknown model`)
	assert.Contains(t, lines[5], "empty row")
	assert.Contains(t, lines[6], "5 fields where the header has 6")
	assert.Contains(t, lines[8], `tokens "abc"`)
	assert.Contains(t, lines[9], "malformed CSV")
	assert.Len(t, bad, 5)

	// Rows after a bad one are still read.
	good, bad, err = readAll(t, "model,tokens,seconds,links,source\nx,1,1,,s\nqwen3-32b,131072,1.5,,s\n", factcheck.Options{})
	require.NoError(t, err)
	assert.Len(t, good, 1)
	assert.Len(t, bad, 1)
}

func TestHeaderErrors(t *testing.T) {
	cases := map[string]string{
		"":                             "empty file",
		"# only a comment\n":           "empty file",
		"model,tokens,seconds\n":       "lacks links, source",
		"model,tokens,seconds,links\n": "lacks source",
		"model,tokens,seconds,links,source,model\n": `"model" appears twice`,
	}
	for text, says := range cases {
		_, _, err := readAll(t, text, factcheck.Options{})
		var he *factcheck.HeaderError
		require.ErrorAs(t, err, &he, text)
		assert.Contains(t, err.Error(), says)
		assert.Contains(t, err.Error(), factcheck.ExampleHeader)
		assert.Equal(t, 1, he.Line, "the header is line 1: %q", text)
	}
	// A byte-order mark and another column order are fine.
	good, bad, err := readAll(t, "\ufeffsource,links,seconds,tokens,model,kv_dtype\npost,,1.5,131072,qwen3-32b,fp8\n", factcheck.Options{})
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Len(t, good, 1)
	assert.Equal(t, "fp8", good[0].Element.Name)
}

// The reader passes on an error of the underlying reader.
func TestReaderError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("model,tokens,seconds,links,source\n"), &failing{boom})
	err := factcheck.CheckAll(r, factcheck.NewChecker(factcheck.Options{}),
		func(factcheck.Result) error { return nil }, func(*factcheck.RowError) error { return nil })
	assert.ErrorIs(t, err, boom)
}

type failing struct{ err error }

func (f *failing) Read([]byte) (int, error) { return 0, f.err }

// FuzzReadClaims feeds the claims reader arbitrary files: it must not
// panic or loop, must report every bad row with a line in the file, and
// must never produce a NaN, an Inf or an empty verdict.
func FuzzReadClaims(f *testing.F) {
	if b, err := os.ReadFile(claimsFile); err == nil {
		f.Add(b)
	}
	f.Add(generatedClaims(16)) // every form
	for _, s := range []string{
		"model,tokens,seconds,links,source\nllama-3.1-70b,105000,0.58,1x400Gbit/s,nand-weka\n",
		"model,tokens,seconds,links,source\nqwen3-32b,131072,1.5,,wwt\n,,,,\n",
		"model,tokens,seconds,links,source\nllama-3.1-405b,1e300,1e-300,1x1e-300 B/s,x\n",
		"model,tokens,seconds,links,source,kv_dtype\nmistral medium 3.5,1,1,,x,int4\n\"unterminated,1,1,,x,\n",
		"source,model,links,tokens,seconds\nx,Qwen3-Next-80B-A3B,2xvast,128Ki,580ms\n",
		"\ufeffmodel,tokens,seconds,links,source\r\ngemma3:27b,4096,0.001,1025x1GbE,x\r\n",
		"model,tokens,seconds,links,source\nllama-3.1-8b,1,1,99999999999999999999x10GbE,x\n",
		"model,tokens,seconds,links,source\nkimi-k3,NaN,Inf,-1GbE,x\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		maxLine := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1
		rows := 0
		err := factcheck.CheckAll(bytes.NewReader(data), factcheck.NewChecker(factcheck.Options{}),
			func(r factcheck.Result) error {
				rows++
				for _, x := range []float64{float64(r.Cache), float64(r.Required), float64(r.PerToken), r.Shrink, float64(r.Tokens), float64(r.Seconds)} {
					if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
						t.Fatalf("line %d: quantity %v", r.Claim.Line, x)
					}
				}
				if r.Required <= 0 && r.SizeCheck == nil {
					t.Fatalf("line %d: neither a need nor a size checked", r.Claim.Line)
				}
				if r.Model.Known() && r.Tokens > 0 && (r.Cache <= 0 || r.PerToken <= 0) {
					t.Fatalf("line %d: a model with no cache", r.Claim.Line)
				}
				if r.Verdict == "" || r.Explanation() == "" {
					t.Fatalf("line %d: no verdict", r.Claim.Line)
				}
				if strings.Contains(r.Explanation(), "NaN") || strings.Contains(r.Explanation(), "Inf") || strings.Contains(r.Explanation(), " 0 x ") {
					t.Fatalf("line %d: %s", r.Claim.Line, r.Explanation())
				}
				if r.Link != nil && (r.LinksNeeded < 1 || r.Link.Count < 1) {
					t.Fatalf("line %d: links %+v, needed %d", r.Claim.Line, *r.Link, r.LinksNeeded)
				}
				if r.Claim.Line < 2 || r.Claim.Line > maxLine {
					t.Fatalf("claim on line %d of %d", r.Claim.Line, maxLine)
				}
				return nil
			},
			func(e *factcheck.RowError) error {
				rows++
				if e.Line < 1 || e.Line > maxLine {
					t.Fatalf("bad row on line %d of %d: %v", e.Line, maxLine, e)
				}
				if e.Err == nil || e.Error() == "" {
					t.Fatal("a bad row without a reason")
				}
				return nil
			})
		if rows > maxLine {
			t.Fatalf("%d rows from %d lines", rows, maxLine)
		}
		var he *factcheck.HeaderError
		var le *factcheck.LimitError
		if err != nil && !errors.As(err, &he) && !errors.As(err, &le) {
			t.Fatalf("unexpected error: %v", err)
		}
	})
}

// A header error names the line the header starts on, after comments,
// even where a quoted name runs onto the next line.
func TestHeaderErrorLine(t *testing.T) {
	for text, line := range map[string]int{
		"\"mo\ndel\",tokens,seconds,links,source\n":      1,
		"# c\n\"mo\ndel\",tokens,seconds,links,source\n": 2,
	} {
		_, err := factcheck.NewReader(strings.NewReader(text))
		var he *factcheck.HeaderError
		require.ErrorAs(t, err, &he, text)
		assert.Equal(t, line, he.Line, text)
		assert.Contains(t, he.Reason, "lacks model")
	}
}

// A row's line is where the row starts, even when a quoted field spans
// lines: the model's name here runs onto the next line, so any later
// field sits one line below the row's start.
func TestRowLineIsWhereTheRowStarts(t *testing.T) {
	in := "model,tokens,seconds,links,source\n" +
		"\"Llama\n3.1 70B\",105000,0.58,,post\n"
	r, err := factcheck.NewReader(strings.NewReader(in))
	require.NoError(t, err)
	c, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, 2, c.Line, "the row starts on line 2; its tokens field is on line 3")
	assert.Equal(t, "105000", c.Tokens)
}
