package factcheck_test

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/breakeven/factcheck"
)

// zeros reads as n zero bytes, like a slice of /dev/zero.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), z.n)
	clear(p[:k])
	z.n -= k
	return int(k), nil
}

// lines reads as n bytes of "abc\n" repeated.
type lines struct{ n, off int64 }

func (l *lines) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), l.n)
	for i := range p[:k] {
		p[i] = "abc\n"[(l.off+int64(i))%4]
	}
	l.off += k
	l.n -= k
	return int(k), nil
}

// allocated is the number of bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A row of any length is refused once past MaxRowBytes, with one error
// naming its line and the limit, and the reader's memory stays flat: 64
// MiB of input without a line break, a quote never closed over many
// short lines, or zero bytes after a good header, each allocate a few
// megabytes at most (before the bound, each held all of its input).
func TestRowBoundKeepsMemoryFlat(t *testing.T) {
	const size = 64 << 20
	const most = 8 << 20
	header := "model,tokens,seconds,links,source\n"
	for _, c := range []struct {
		name    string
		in      func() io.Reader
		line    int
		newline bool
		header  bool
	}{
		{"zero bytes, no header", func() io.Reader { return &zeros{size} }, 1, false, true},
		{"zero bytes after a header", func() io.Reader {
			return io.MultiReader(strings.NewReader(header+"llama-3.1-70b,105000,0.58,,x\n"), &zeros{size})
		}, 3, false, false},
		{"a quote never closed", func() io.Reader {
			return io.MultiReader(strings.NewReader(header+"\"llama"), &lines{n: size})
		}, 0, true, false},
	} {
		var err error
		n := allocated(func() {
			var rd *factcheck.Reader
			rd, err = factcheck.NewReader(c.in())
			if err != nil {
				return
			}
			for err == nil {
				_, err = rd.Read()
			}
		})
		assert.Less(t, n, uint64(most), "%s: %d bytes allocated", c.name, n)
		if c.header {
			var he *factcheck.HeaderError
			require.ErrorAs(t, err, &he, c.name)
			assert.Equal(t, c.line, he.Line, c.name)
			assert.Contains(t, he.Error(), "more than 1048576 bytes (1 MiB) without a line break, the limit for one row", c.name)
			continue
		}
		var le *factcheck.LimitError
		require.ErrorAs(t, err, &le, c.name)
		assert.Equal(t, c.newline, !le.NoNewline, c.name)
		if c.line > 0 {
			assert.Equal(t, c.line, le.Line, c.name)
		} else {
			// The limit is met about 1 MiB into the quote: some 260,000
			// lines of four bytes below the row's start.
			assert.InDelta(t, 2+factcheck.MaxRowBytes/4, le.Line, 2000, c.name)
		}
		assert.Contains(t, le.Error(), "the limit for one row", c.name)
		assert.Equal(t, 1, strings.Count(le.Error(), "\n")+1, "one line")
	}
}

// A row just under the bound is read as any other row.
func TestRowUnderTheBoundIsRead(t *testing.T) {
	quote := strings.Repeat("q", factcheck.MaxRowBytes-8<<10)
	in := "model,tokens,seconds,links,source,quote\nllama-3.1-70b,105000,0.58,,x," + quote + "\n"
	rd, err := factcheck.NewReader(strings.NewReader(in))
	require.NoError(t, err)
	c, err := rd.Read()
	require.NoError(t, err)
	assert.Len(t, c.Quote, len(quote))
	_, err = rd.Read()
	assert.True(t, errors.Is(err, io.EOF))
}

// A file whose lines end in a carriage return alone (old Mac) reads line
// by line, as one ending in CR LF or LF does.
func TestCROnlyLineEnds(t *testing.T) {
	for _, nl := range []string{"\r", "\r\n", "\n"} {
		in := strings.Join([]string{"model,tokens,seconds,links,source", "llama-3.1-70b,105000,0.58,1x400Gbit/s,weka", "qwen3-32b,131072,1.5,,post", ""}, nl)
		rd, err := factcheck.NewReader(bytes.NewReader([]byte(in)))
		require.NoError(t, err, "%q", nl)
		a, err := rd.Read()
		require.NoError(t, err, "%q", nl)
		b, err := rd.Read()
		require.NoError(t, err, "%q", nl)
		assert.Equal(t, []string{"llama-3.1-70b", "1x400Gbit/s", "qwen3-32b", ""}, []string{a.Model, a.Links, b.Model, b.Links}, "%q", nl)
		assert.Equal(t, []int{2, 3}, []int{a.Line, b.Line}, "%q", nl)
		_, err = rd.Read()
		assert.Equal(t, io.EOF, err, "%q", nl)
	}
}
