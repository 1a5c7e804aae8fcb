package calc

import (
	"os"
	"testing"
)

func TestDouble(t *testing.T) {
	if Double(3) != 6 {
		t.Fatal("Double(3) != 6")
	}
}

func TestSixteen(t *testing.T) {
	if Sixteen() != 16 {
		t.Fatal("Sixteen() != 16")
	}
}

func TestSlow(t *testing.T) { Slow() }

func TestMax(t *testing.T) {
	if Max() != 255 {
		t.Fatal("Max() != 255")
	}
}

func TestLabel(t *testing.T) {
	if Label(1) != "1.00" {
		t.Fatal(Label(1))
	}
}

func TestHeadDim(t *testing.T) {
	if HeadDim() != 128 {
		t.Fatal(HeadDim())
	}
}

func TestParse(t *testing.T) {
	if n, err := Parse("x"); n != 1 || err != nil {
		t.Fatal(n, err)
	}
	if _, err := Parse(""); err == nil {
		t.Fatal("no error")
	}
}

// TestFault fails as a full disk makes a test fail, when asked to.
func TestFault(t *testing.T) {
	if os.Getenv("MUTATE_TESTDATA_FAULT") != "" {
		t.Fatal("write /tmp/cache: no space left on device")
	}
}
