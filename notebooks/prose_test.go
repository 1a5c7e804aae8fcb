package notebooks

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The prose of a notebook agrees with its cells: every number a markdown
// cell of notebooks 01 to 13 states is one that a cell of the same
// notebook prints (in a text, a table or a figure's text). It reads the
// committed files, so it runs with -short and without Jupyter.
//
// The rule, in full:
//   - A number is a run of digits, with thousands commas and a decimal
//     part as printed ("127,188", "1.06"); it must appear, written the
//     same way, as a number in the notebook's outputs. A sign, a unit or
//     a percent sign around it is not compared.
//   - Not numbers of the prose: headings (section and notebook numbers),
//     `inline code` and fenced code (inputs and commands the reader
//     types), link targets, HTML tags, and a formula's subscripts and
//     exponents (<sub>0</sub>, 10<sup>6</sup>).
//   - Names, not quantities: a number joined to a letter, a dot or a
//     hyphen before it, or to a letter after it ("405B", "H100",
//     "Qwen3-32B", "2x100GbE", "128K", "fp8"), and a number format
//     ("16-bit"). A multiplier ("13x") is a number.
//   - References: a year (1900 to 2099), and a number after notebook,
//     figure, section, issue, cell, step, item or table (and after "to"
//     or "and" in "notebooks 02 to 09").
func TestProseNumbersArePrinted(t *testing.T) {
	nbs, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, nb := range nbs {
		n, err := strconv.Atoi(strings.SplitN(nb, "-", 2)[0])
		if err != nil || n < 1 || n > 13 {
			continue
		}
		checked++
		data, err := os.ReadFile(nb)
		if err != nil {
			t.Fatal(err)
		}
		prose, printed := proseAndOutputs(t, data)
		have := map[string]bool{}
		for _, m := range numberIn(printed) {
			have[m.text] = true
		}
		for _, m := range proseNumbers(prose) {
			if !have[m.text] {
				t.Errorf("%s: the prose states %s (%q) and no cell prints it", nb, m.text, m.context)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no notebook 01 to 13 found")
	}
}

// number is a number found in a text, with the text around it.
type number struct{ text, context string }

var (
	numberRE  = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)
	fenceRE   = regexp.MustCompile("(?s)```.*?```")
	codeRE    = regexp.MustCompile("`[^`]*`")
	linkRE    = regexp.MustCompile(`\]\([^)]*\)`)
	tagRE     = regexp.MustCompile(`<[^>]*>`)
	subSupRE  = regexp.MustCompile(`<(sub|sup)>[^<]*</(sub|sup)>`)
	yearRE    = regexp.MustCompile(`^(19|20)\d\d$`)
	refBefore = regexp.MustCompile(`(?i)\b(notebooks?|figures?|sections?|issues?|cells?|steps?|items?|tables?)( \d+(,| and| to| or))* $`)
	svgTextRE = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)
)

// numberIn returns every number in s, each as written (a trailing comma,
// the prose's, dropped).
func numberIn(s string) []number {
	var out []number
	for _, loc := range numberRE.FindAllStringIndex(s, -1) {
		text := strings.TrimRight(s[loc[0]:loc[1]], ",")
		end := loc[0] + len(text)
		out = append(out, number{text: text, context: s[max(0, loc[0]-40):min(len(s), end+25)]})
	}
	return out
}

// proseNumbers returns the numbers of the prose that the rule checks.
func proseNumbers(prose string) []number {
	var out []number
	for _, line := range strings.Split(prose, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		line = codeRE.ReplaceAllString(line, "")
		line = linkRE.ReplaceAllString(line, "]")
		line = subSupRE.ReplaceAllString(line, "")
		line = tagRE.ReplaceAllString(line, "")
		line = html.UnescapeString(line)
		for _, loc := range numberRE.FindAllStringIndex(line, -1) {
			text := strings.TrimRight(line[loc[0]:loc[1]], ",")
			start, end := loc[0], loc[0]+len(text)
			if name(line, start, end) || yearRE.MatchString(text) || refBefore.MatchString(line[:start]) {
				continue
			}
			out = append(out, number{text: text, context: line[max(0, start-40):min(len(line), end+25)]})
		}
	}
	return out
}

// name reports whether the number at line[start:end] is part of a name:
// joined to a letter, dot or hyphen before it, or a letter after it
// (other than a multiplier's x), or a number format's "-bit".
func name(line string, start, end int) bool {
	if start > 0 {
		switch c := line[start-1]; {
		case isLetter(c) || c == '.' || c == '-' || c == '_' || c == '/':
			return true
		}
	}
	rest := line[end:]
	if strings.HasPrefix(rest, "-bit") {
		return true
	}
	if rest != "" && isLetter(rest[0]) {
		return !(rest[0] == 'x' && (len(rest) == 1 || !isLetter(rest[1])))
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// proseAndOutputs returns the markdown of a notebook, fenced code
// removed, and the text its cells print: streams, plain text, HTML with
// its tags removed and the texts of SVG figures.
func proseAndOutputs(t *testing.T, data []byte) (prose, printed string) {
	var nb notebook
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatalf("notebook is not JSON: %v", err)
	}
	var p, o strings.Builder
	for _, c := range nb.Cells {
		if c.CellType == "markdown" {
			p.WriteString(fenceRE.ReplaceAllString(joined(c.Source), ""))
			p.WriteString("\n")
		}
		for _, out := range c.Outputs {
			o.WriteString(joined(out.Text))
			o.WriteString("\n")
			for mime, raw := range out.Data {
				s := joined(raw)
				switch {
				case mime == "image/svg+xml":
					for _, m := range svgTextRE.FindAllStringSubmatch(s, -1) {
						o.WriteString(html.UnescapeString(m[1]))
						o.WriteString("\n")
					}
				case mime == "text/html":
					o.WriteString(html.UnescapeString(tagRE.ReplaceAllString(s, " ")))
				case strings.HasPrefix(mime, "text/"):
					o.WriteString(s)
				}
				o.WriteString("\n")
			}
		}
	}
	return p.String(), o.String()
}

// The rule reads numbers as the prose writes them and leaves names and
// references alone.
func TestProseNumberRule(t *testing.T) {
	var got []string
	for _, n := range proseNumbers("# 10. Calculator\n" +
		"Llama-405B on 8xH100 and Qwen3-32B, a 16-bit cache, notebooks 02 to 09 and figure 6 (2024): " +
		"1.06 GB/s, 127,188 tokens, 13x, 80%, `KV_TOKENS=32k`, [post](https://x.y/1.html), <sub>0</sub>, 128K.") {
		got = append(got, n.text)
	}
	want := []string{"1.06", "127,188", "13", "80"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("numbers read: %q, want %q", got, want)
	}
}
