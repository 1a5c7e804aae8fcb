package factcheck

import (
	"bufio"
	"fmt"
	"io"

	"signalweight.dev/kv/sources"
)

// WriteSynthetic writes a claims file of n generated rows for measured
// runs (genclaims -synthetic, the benchmarks): the catalog's computable
// models in turn, each row one of eight forms in turn (a time to first
// token over links; a load on a host; a size only; a throughput per node
// and one in total; uncached and cached times with a speedup and GPUs; a
// partial hit; a K-suffixed count at fp8), with an unknown column to echo.
// Prompts run from 1,000 tokens up (within each model's context) and
// times from 0.05 s to 9.65 s in steps of 0.1 s.
func WriteSynthetic(w io.Writer, n int) error {
	var models []string
	var contexts []int
	for _, m := range sources.Models() {
		if m.Known() {
			models = append(models, m.Name)
			contexts = append(contexts, int(m.Context))
		}
	}
	links := []string{"1x400Gbit/s", "2x100GbE", "", "ndr", "8xPCIe5x16", "22.6 GB/s"}
	hosts := sources.HostIDs()
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "model,tokens,seconds,links,source,seconds_are,size,throughput,per_node,uncached,speedup,hit,host,gpus,kv_dtype,vendor,note")
	for i := 0; i < n; i++ {
		m, tokens, secs := models[i%len(models)], 1000+(i*7919)%60000, 0.05+float64(i%97)/10
		if c := contexts[i%len(models)]; c > 0 && tokens > c {
			tokens = 1000 + tokens%(c-1000) // within the model's context
		}
		l, h := links[i%len(links)], hosts[i%len(hosts)]
		var row string
		switch i % 8 {
		case 0: // (a) a time to first token over links
			row = fmt.Sprintf("%s,%d,%g,%s,generated,,,,,,,,,,", m, tokens, secs, l)
		case 1: // (a) a load on a host
			row = fmt.Sprintf("%s,%d,%g,%s,generated,load,,,,,,,%s,,", m, tokens, secs, l, h)
		case 2: // (b) a size only
			row = fmt.Sprintf("%s,%d,,,generated,,%d GB,,,,,,,,", m, tokens, 1+i%50)
		case 3: // (c) a throughput per node
			row = fmt.Sprintf(",,,%s,generated,,,%d GiB/s,yes,,,,%s,,", l, 1+i%400, h)
		case 4: // (c) a throughput in total
			row = fmt.Sprintf(",,,%s,generated,,,%d GB/s,no,,,,%s,,", l, 10+i%2000, h)
		case 5: // (d) uncached and cached times, a speedup, GPUs
			row = fmt.Sprintf("%s,%d,%g,%s,generated,,,,,%g,%dx,,,8xH100,", m, tokens, secs, l, secs*float64(2+i%40), 2+i%40)
		case 6: // (e) a partial hit, on a host, with GPUs
			row = fmt.Sprintf("%s,%d,%g,,generated,,,,,,,%d%%,%s,8xH100,", m, tokens, secs, 10+i%90, h)
		case 7: // a K-suffixed count, fp8
			row = fmt.Sprintf("%s,32K,%g,%s,generated,,,,,,,,,,fp8", m, secs, l)
		}
		fmt.Fprintf(bw, "%s,vendor %d,row %d\n", row, i%13, i)
	}
	return bw.Flush()
}
