package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// outerPage frames the calculator from the same origin and records, once
// the frame has loaded, the title it could read there: a frame the
// browser refused holds an error page of another origin, whose document
// the outer page cannot read.
const outerPage = `<!doctype html><html><head><title>outer</title></head><body>
<iframe id="f" src="/"></iframe>
<script>
document.getElementById('f').addEventListener('load', () => {
  let seen;
  try {
    const d = document.getElementById('f').contentDocument;
    seen = d ? (d.title || '(untitled)') : '(no document)';
  } catch (e) {
    seen = '(no access: ' + e.name + ')';
  }
  document.body.dataset.framed = seen;
});
</script></body></html>`

// dropHeaders removes response headers before they are written.
type dropHeaders struct {
	http.ResponseWriter
	drop []string
}

func (d dropHeaders) WriteHeader(code int) {
	for _, h := range d.drop {
		d.Header().Del(h)
	}
	d.ResponseWriter.WriteHeader(code)
}

func (d dropHeaders) Write(b []byte) (int, error) {
	for _, h := range d.drop {
		d.Header().Del(h)
	}
	return d.ResponseWriter.Write(b)
}

// TestPageRefusesToBeFramed checks in Chromium what serve_test checks in
// the headers: no page may frame the calculator, not even its own origin.
// CSP frame-ancestors 'none' and X-Frame-Options: DENY each refuse it on
// their own; the control without either shows that the outer page would
// otherwise read the calculator's title.
func TestPageRefusesToBeFramed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	page := realHandler(t)
	ctx := browser(t)
	const title = "The break-even bandwidth: tier map and calculator"
	for _, tc := range []struct {
		name   string
		drop   []string
		framed bool
	}{
		{"as served", nil, false},
		{"CSP frame-ancestors alone", []string{"X-Frame-Options"}, false},
		{"X-Frame-Options alone", []string{"Content-Security-Policy"}, false},
		{"neither header (control)", []string{"X-Frame-Options", "Content-Security-Policy"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/outer" {
					w.Header().Set("Content-Type", "text/html; charset=utf-8")
					_, _ = io.WriteString(w, outerPage)
					return
				}
				page.ServeHTTP(dropHeaders{w, tc.drop}, r)
			}))
			defer srv.Close()
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/outer"), chromedp.WaitReady(`body[data-framed]`)))
			seen := eval[string](t, ctx, `document.body.dataset.framed`)
			if tc.framed {
				assert.Equal(t, title, seen, "without the headers the frame loads the calculator")
			} else {
				assert.NotEqual(t, title, seen, "the browser must refuse to frame the calculator")
				t.Logf("frame refused; the outer page saw %s", seen)
			}
		})
	}
}
