package textfmt

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A number is read aloud by its leading group of three digits: 8,000 is
// "eight thousand", 11,000 "eleven thousand", 1,100 "one thousand one
// hundred" and 110 "one hundred ten". The expected articles below are
// those readings, written by hand.
func TestArticleFollowsHowTheNumberIsReadAloud(t *testing.T) {
	cases := map[string]string{
		"8": "an", "80": "an", "800": "an", "88": "an", "8,000": "an", "80,000": "an", "800,000": "an",
		"8,000,000": "an", "8000": "an", "80000": "an", "8.5": "an",
		"11": "an", "18": "an", "11,000": "an", "18,000": "an", "18,500,000": "an", "11000": "an", "18.5": "an",
		"1": "a", "0": "a", "2": "a", "110": "a", "180": "a", "118": "a", "1,100": "a", "1,800": "a", "1100": "a",
		"127,188": "a", "127188": "a", "110,000": "a", "181,000": "a", "111,000": "a", "1,008": "a", "108": "a", "189": "a", "8,900": "an", "19": "a",
		"": "a", "K": "a",
	}
	for number, want := range cases {
		assert.Equal(t, want, Article(number), "the article before %q", number)
	}
}

// A count takes the singular noun only when it is one.
func TestPluralIsSingularOnlyForOne(t *testing.T) {
	assert.Equal(t, "1 link", "1 "+Plural(1, "link", "links"))
	assert.Equal(t, "0 links", "0 "+Plural(0, "link", "links"))
	assert.Equal(t, "2 links", "2 "+Plural(2, "link", "links"))
}
