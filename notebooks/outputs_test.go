package notebooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	footnotesRE = regexp.MustCompile(`(?s)</table>\n<p>(.*?)</p>`)
	imgRE       = regexp.MustCompile(`<img [^>]*>`)
)

// The committed outputs read like the post: no NaN, no run of five or
// more decimals and no exponent notation ("3.28e+10") in any table or
// text a notebook shows, nor in a figure's texts (the rest of an inline
// SVG, whose coordinates carry decimals, is not read), and no footnote
// twice under a table. It reads the committed files,
// so it runs with -short and without Jupyter.
func TestOutputsArePrinted(t *testing.T) {
	nbs, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	long := regexp.MustCompile(`\d\.\d{5,}`)
	nan := regexp.MustCompile(`\bNaN\b`)
	exp := regexp.MustCompile(`\b\d+(\.\d+)?e[+-]?\d+\b`)
	for _, nb := range nbs {
		// Exponent notation is checked in notebooks 01 to 13; 14 and 15
		// print tiny probabilities as exponents.
		n, _ := strconv.Atoi(strings.SplitN(nb, "-", 2)[0])
		inScope := n >= 1 && n <= 13
		data, err := os.ReadFile(nb)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cells []struct {
				Outputs []struct {
					Data map[string]json.RawMessage `json:"data"`
					Text json.RawMessage            `json:"text"`
				} `json:"outputs"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", nb, err)
		}
		for i, c := range doc.Cells {
			for _, o := range c.Outputs {
				for _, m := range svgTextRE.FindAllStringSubmatch(joined(o.Data["image/svg+xml"]), -1) {
					if e := exp.FindString(m[1]); e != "" && inScope {
						t.Errorf("%s, cell %d: a figure shows %q, not as a reader writes it", nb, i+1, e)
					}
				}
				for _, notes := range footnotesRE.FindAllStringSubmatch(joined(o.Data["text/html"]), -1) {
					seen := map[string]bool{}
					for _, n := range strings.Split(notes[1], "<br>\n") {
						if seen[n] {
							t.Errorf("%s, cell %d: the footnote %q is under its table twice", nb, i+1, n)
						}
						seen[n] = true
					}
				}
				texts := []json.RawMessage{o.Text, o.Data["text/plain"], o.Data["text/markdown"]}
				if h := o.Data["text/html"]; h != nil {
					// An <img> holds a figure, as base64.
					texts = append(texts, json.RawMessage(strconv.Quote(imgRE.ReplaceAllString(joined(h), ""))))
				}
				for _, raw := range texts {
					if raw == nil {
						continue
					}
					s := joined(raw)
					if m := nan.FindString(s); m != "" {
						t.Errorf("%s, cell %d: shows NaN", nb, i+1)
					}
					if m := exp.FindString(s); m != "" && inScope {
						t.Errorf("%s, cell %d: shows %q, not as a reader writes it", nb, i+1, m)
					}
					if m := long.FindString(s); m != "" {
						t.Errorf("%s, cell %d: shows %q, more digits than any printed precision", nb, i+1, m)
					}
				}
			}
		}
	}
}
