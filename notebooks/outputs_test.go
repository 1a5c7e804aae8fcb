package notebooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The committed outputs read like the post: no NaN and no run of five or
// more decimals in any table or text a notebook shows (inline SVG, whose
// coordinates carry decimals, is not read). It reads the committed files,
// so it runs with -short and without Jupyter.
func TestOutputsArePrinted(t *testing.T) {
	nbs, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	long := regexp.MustCompile(`\d\.\d{5,}`)
	nan := regexp.MustCompile(`\bNaN\b`)
	for _, nb := range nbs {
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
				texts := []json.RawMessage{o.Text, o.Data["text/html"], o.Data["text/plain"], o.Data["text/markdown"]}
				for _, raw := range texts {
					if raw == nil {
						continue
					}
					s := joined(raw)
					if m := nan.FindString(s); m != "" {
						t.Errorf("%s, cell %d: shows NaN", nb, i+1)
					}
					if m := long.FindString(s); m != "" {
						t.Errorf("%s, cell %d: shows %q, more digits than any printed precision", nb, i+1, m)
					}
				}
			}
		}
	}
}
