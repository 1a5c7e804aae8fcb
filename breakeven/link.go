package breakeven

import (
	"strconv"
	"strings"
)

// Link is a number of like links: "2x100GbE" is two links of 12.5 GB/s.
type Link struct {
	Count int
	Each  Bandwidth // the speed of one link
	// Name is the preset the links were named by ("NDR", "vast"), or ""
	// for a speed written out.
	Name string
}

// Total returns the speed of all the links together.
func (l Link) Total() Bandwidth { return Bandwidth(l.Count) * l.Each }

// String prints the links as a person would write them: "1 x 400 Gbit/s",
// "2 x 100GbE (100 Gbit/s)".
func (l Link) String() string {
	return strconv.Itoa(l.Count) + " x " + l.one()
}

// Carries names the links as the subject of a sentence: "400 Gbit/s link
// carries", "2 x 100 Gbit/s links carry".
func (l Link) Carries() string {
	if l.Count == 1 {
		return l.one() + " link carries"
	}
	return strconv.Itoa(l.Count) + " x " + l.one() + " links carry"
}

func (l Link) one() string {
	if l.Name != "" {
		return l.Name + " (" + l.Each.Bits() + ")"
	}
	return l.Each.Bits()
}

// ExampleLink lists valid link inputs, for error messages.
const ExampleLink = `"10GbE", "1x400Gbit/s", "2x100GbE", "22.6 GB/s", or a preset such as "ndr"`

// MaxLinks bounds the count a user may write, so that a typo such as
// "200x100GbE" for "2x100GbE" is caught rather than computed.
const MaxLinks = 1024

// LinkPresets looks up a named link ("ndr", "pcie5x16"), in any case; the
// catalog's lookup is sources.LinkPreset. It may be nil: no presets.
type LinkPresets func(name string) (Link, bool)

// ParseLink reads a link: an optional count and x, then a speed that
// ParseBandwidth reads ("400Gbit/s", "22.6 GB/s", "100GbE") or a preset
// that presets knows. A preset that is itself a bundle multiplies: "2xvast"
// is four 100 Gbit/s links. Errors are *ParseError values that quote the
// input.
func ParseLink(s string, presets LinkPresets) (Link, error) {
	if err := tooLong("link", s, ExampleLink); err != nil {
		return Link{}, err
	}
	body, count := strings.TrimSpace(s), 1
	// A leading count: "2x", "2 x ", "2×", "2*".
	if c, rest, ok := countPrefix(s); ok {
		n, err := strconv.Atoi(c)
		if err != nil || n < 1 || n > MaxLinks {
			return Link{}, &ParseError{What: "link", Input: s,
				Reason: "link count must be a whole number from 1 to " + strconv.Itoa(MaxLinks), Example: ExampleLink}
		}
		body, count = strings.TrimSpace(rest), n
	}
	if presets != nil {
		if p, ok := presets(body); ok {
			return Link{Count: count * p.Count, Each: p.Each, Name: p.Name}, nil
		}
	}
	bw, err := ParseBandwidth(body)
	if err != nil {
		reason := "not a speed or a preset"
		if pe, ok := err.(*ParseError); ok {
			reason = pe.Reason
		}
		if reason == "no number" {
			// A name that is no preset: "HDR", "CXL".
			reason = Quote(body) + " is neither a speed nor a known preset (breakeven calc --links lists them)"
		}
		return Link{}, &ParseError{What: "link", Input: s, Reason: reason, Example: ExampleLink}
	}
	return Link{Count: count, Each: bw}, nil
}
