package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"signalweight.dev/kv/measure"
)

func TestMeasureBadInputExits2WithOneLineAndNothingOnStdout(t *testing.T) {
	// A server that answers nothing usefully: bad input is refused
	// before it is asked anything, or by what it answers.
	asked := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked++
		if r.URL.Path == "/v1/models" {
			fmt.Fprint(w, `{"data":[{"id":"served-model","owned_by":"vllm"}]}`)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	base := []string{"measure", "--base-url", srv.URL, "--model", "served-model", "--quiet"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"measure", "--model", "m"}, "--base-url"},
		{[]string{"measure", "--base-url", srv.URL}, "--model"},
		{append(base, "--input-lens", "512,x"), `--input-lens "x"`},
		{append(base, "--input-lens", "1"), "from 2 to"},
		{append(base, "--input-lens", "512,512"), "twice"},
		{append(base, "--repeats", "0"), "--repeats"},
		{append(base, "--timeout", "soon"), "--timeout"},
		{append(base, "--link", "10 furlongs"), "--link"},
		{append(base, "--json", "--csv"), "give one"},
		{append(base, "--config", "no/such/config.json"), "--config"},
		{[]string{"measure", "--base-url", "ftp://x", "--model", "m"}, "--base-url"},
		{[]string{"measure", "--base-url", srv.URL, "--model", "other", "--quiet"}, `"other" is not served`},
	} {
		code, out, errOut := runCmd(c.args...)
		assert.Equal(t, 2, code, "%v: %s", c.args, errOut)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: one line: %q", c.args, errOut)
		assert.Contains(t, errOut, c.want, "%v", c.args)
		assert.Contains(t, errOut, "e.g.", "%v: a way forward", c.args)
	}
	assert.Equal(t, 1, asked, "only the model check reached the server")
}

// ctrlCServer is an OpenAI-compatible stand-in whose completions of
// prompts of `stopAt` tokens or more call cancel (as Ctrl-C does) and
// hang until the client goes away.
func ctrlCServer(t *testing.T, stopAt int, cancel func()) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/models":
			fmt.Fprint(w, `{"data":[{"id":"m","owned_by":"vllm"}]}`)
		case "/v1/completions":
			var body struct {
				Prompt []int `json:"prompt"`
			}
			if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
				w.WriteHeader(400)
				return
			}
			if len(body.Prompt) >= stopAt {
				cancel()
				<-r.Context().Done()
				return
			}
			fmt.Fprint(w, "data: {\"choices\":[{\"text\":\"x\"}]}\n\ndata: [DONE]\n\n")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestMeasureCtrlCWritesWhatWasMeasured(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	srv := ctrlCServer(t, 128, cancel)
	out := filepath.Join(t.TempDir(), "partial.json")
	var stdout, stderr bytes.Buffer
	code := runMeasureCtx(ctx, []string{"--base-url", srv.URL, "--model", "m", "--input-lens", "64,128", "--repeats", "2",
		"--json", "--quiet", "--out", out}, &stdout, &stderr)
	assert.Equal(t, 130, code, stderr.String())
	assert.Contains(t, stderr.String(), "interrupted")
	res, err := measure.ReadResult(out)
	require.NoError(t, err)
	assert.True(t, res.Interrupted)
	require.Len(t, res.Points, 1, "the 64-token length of the first repeat was measured")
	assert.Equal(t, 64, res.Points[0].Tokens)
	assert.False(t, res.SaveRestore.Measured)
	assert.Contains(t, res.SaveRestore.Note, "no API to save and restore")
	var printed measure.Result
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &printed))
	assert.True(t, printed.Interrupted)
}

func TestMeasureOutputFits80Columns(t *testing.T) {
	srv := ctrlCServer(t, 1<<30, func() {})
	runs := [][]string{{"help", "measure"}, {"measure", "-h"},
		{"measure", "--base-url", srv.URL, "--model", "m", "--input-lens", "16,64,256", "--repeats", "3", "--link", "10GbE,100Mbit/s"}}
	for _, args := range runs {
		code, out, errOut := runCmd(args...)
		assert.Equal(t, 0, code, "%v: %s", args, errOut)
		for _, s := range []string{out, errOut} {
			for _, l := range strings.Split(s, "\n") {
				l = strings.ReplaceAll(l, "\t", "        ")
				if i := strings.LastIndex(l, "\r"); i >= 0 {
					l = l[i+1:] // the progress bar redraws its line
				}
				assert.LessOrEqual(t, len([]rune(l)), 80, "%v: %q", args, l)
			}
		}
	}
}

// The committed measurements are what measure's analysis of their own
// samples gives: re-analysed with --from, each is byte for byte the file.
func TestMeasureFromReanalysesTheCommittedMeasurements(t *testing.T) {
	for _, f := range []string{"../../data/measured-smollm2-135m.json", "../../data/measured-qwen2.5-0.5b.json"} {
		want, err := os.ReadFile(f)
		require.NoError(t, err)
		code, out, errOut := runCmd("measure", "--from", f, "--json")
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, string(want), out, "%s is stale: rewrite it with breakeven measure --from %s --out %s", f, f, f)
	}
	code, out, errOut := runCmd("measure", "--from", "no-such.json")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `--from "no-such.json": no such file`)
}

// calc --measured prices a committed measurement: the model it measured,
// its fitted r(N) at the longest prompt, and says where r came from.
func TestCalcMeasuredTakesRAndTheModelFromAMeasurement(t *testing.T) {
	const file = "../../data/measured-smollm2-135m.json"
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	var m struct {
		Fit struct {
			T0 float64 `json:"fixed_seconds"`
			R0 float64 `json:"linear_tokens_per_second"`
			C  float64 `json:"quadratic_seconds_per_token_squared"`
		} `json:"prefill_fit"`
		Cached struct {
			A float64 `json:"intercept"`
			B float64 `json:"slope"`
		} `json:"cached_ttft_fit"`
	}
	require.NoError(t, json.Unmarshal(raw, &m))
	out := calcJSONOf(t, "calc", "--measured", file, "--link", "10GbE")
	// SmolLM2-135M: 2 x 30 layers x 3 KV heads x 64 x 2 bytes.
	assert.Equal(t, 2.0*30*3*64*2, out["bytes_per_token"])
	assert.Equal(t, 2048.0, out["tokens"], "the longest prompt measured")
	n := 2048.0
	r := n / (m.Fit.T0 + n/m.Fit.R0 + m.Fit.C*n*n)
	assert.InEpsilon(t, r, out["prefill_tokens_per_second"], 1e-12)
	assert.InEpsilon(t, r*2*30*3*64*2, out["break_even_bytes_per_second"], 1e-12)
	assert.Equal(t, "measured", out["prefill_provenance"])
	assert.Contains(t, out["prefill_provenance_text"], file)
	assert.Contains(t, out["prefill_provenance_text"], "llama.cpp")
	// A hit: the load over 10GbE plus the cached TTFT the file's line
	// gives at 2,048 tokens.
	cached := m.Cached.A + m.Cached.B*n
	load := n * 2 * 30 * 3 * 64 * 2 / 1.25e9
	assert.InEpsilon(t, cached, out["hit_cached_ttft_seconds"], 1e-12)
	assert.InEpsilon(t, load+cached, out["hit_seconds"], 1e-12)
	assert.InEpsilon(t, n*2*30*3*64*2/(n/r-cached), out["hit_break_even_bytes_per_second"], 1e-9)

	// At another length, the fit's r(N) there.
	out = calcJSONOf(t, "calc", "--measured", file, "--link", "10GbE", "--tokens", "512")
	assert.InEpsilon(t, 512/(m.Fit.T0+512/m.Fit.R0+m.Fit.C*512*512), out["prefill_tokens_per_second"], 1e-12)

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"calc", "--measured", "no-such.json", "--link", "10GbE"}, `--measured "no-such.json": no such file`},
		{[]string{"calc", "--measured", file, "--link", "10GbE", "--prefill", "100"}, "--prefill"},
	} {
		code, stdout, stderr := runCmd(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, stdout)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "%v: %q", c.args, stderr)
		assert.Contains(t, stderr, c.want)
	}
}
