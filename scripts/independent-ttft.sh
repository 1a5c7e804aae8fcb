#!/usr/bin/env bash
# An independent check of breakeven measure's prefill speed: curl alone,
# timing the first byte of a one-token completion (not streamed, so the
# first byte comes after the prefill and the one token) of a prompt of
# random token ids (awk draws them; no prefix is shared, since each
# prompt's first token is new), against the same server.
#
#   scripts/independent-ttft.sh BASE_URL "128 256 512 1024 2048" [REPEATS]
#
# Prints, per prompt length, the median time to first byte and N over it,
# r(N) in tokens/s, to compare with the prefill_tokens_per_second of
# breakeven measure's result. Only llama.cpp's /completion is spoken.
set -euo pipefail
base="${1:?usage: scripts/independent-ttft.sh BASE_URL \"128 256 512\" [REPEATS]}"
lens="${2:?give the prompt lengths, e.g. \"128 256 512\"}"
reps="${3:-3}"
first=20000 # first token ids, one per prompt, far from breakeven measure's
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
printf "%8s %12s %14s\n" tokens "ttfb_s" "r_tokens_per_s"
for n in $lens; do
  times=()
  for r in $(seq "$reps"); do
    first=$((first + 1))
    awk -v n="$n" -v f="$first" -v s="$RANDOM" 'BEGIN { srand(s); printf "{\"prompt\":[%d", f;
      for (i = 1; i < n; i++) printf ",%d", 100 + int(rand() * 19000);
      printf "],\"n_predict\":1,\"stream\":false,\"cache_prompt\":true,\"temperature\":0}" }' >"$tmp"
    t="$(curl -sS -o /dev/null -m 600 -H 'Content-Type: application/json' --data-binary @"$tmp" \
      -w '%{time_starttransfer}' "$base/completion")"
    times+=("$t")
  done
  printf "%s\n" "${times[@]}" | sort -g | awk -v n="$n" '{ a[NR] = $1 } END {
    m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%8d %12.4f %14.0f\n", n, m, n / m }'
done
