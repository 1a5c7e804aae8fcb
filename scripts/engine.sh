#!/usr/bin/env bash
# The engine the project measures: llama.cpp's llama-server, built from the
# llama.cpp source that the node-llama-cpp package ships (a git bundle),
# serving model files with the shape of real models and random weights.
#
#   scripts/engine.sh build              build llama-server (cached; prints its path)
#   scripts/engine.sh model SHAPE        write the model file of a shape (cached; prints its path)
#   scripts/engine.sh start SHAPE [PORT] start the server (prints its base URL)
#   scripts/engine.sh stop [SHAPE [PORT]|all]  stop it (all instances of a shape, or one)
#   scripts/engine.sh status             say what is built, written and running
#   scripts/engine.sh config SHAPE       print the shape's config.json path
#
# SHAPE is smollm2-135m or qwen2.5-0.5b. Everything built or written goes
# under $BREAKEVEN_CACHE (default: $XDG_CACHE_HOME/breakeven, or
# ~/.cache/breakeven); see docs/engine.md.
set -euo pipefail

NLC_VERSION=3.21.1 # node-llama-cpp, whose llama/gitRelease.bundle is llama.cpp's source
SHAPES="smollm2-135m qwen2.5-0.5b"
SEED=1

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${BREAKEVEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/breakeven}"
RUN="$CACHE/run"

die() {
  echo "engine: $*" >&2
  exit 1
}
say() { echo "engine: $*" >&2; }

# shape_config, shape_vocab and shape_port describe each shape: the
# config.json it is read from, the llama.cpp vocab its tokenizer is copied
# from, and its default port.
shape_config() {
  case "$1" in
    smollm2-135m) echo "$ROOT/sources/configs/HuggingFaceTB--SmolLM2-135M.json" ;;
    qwen2.5-0.5b) echo "$ROOT/sources/configs/Qwen--Qwen2.5-0.5B.json" ;;
    *) return 1 ;;
  esac
}
# SmolLM2's own tokenizer is not in the llama.cpp tree; StarCoder's is a
# BPE vocab of the same size (49,152), so the tables keep the real shape.
shape_vocab() {
  case "$1" in
    smollm2-135m) echo ggml-vocab-starcoder.gguf ;;
    qwen2.5-0.5b) echo ggml-vocab-qwen2.gguf ;;
  esac
}
shape_port() {
  case "$1" in
    smollm2-135m) echo 18135 ;;
    qwen2.5-0.5b) echo 18500 ;;
  esac
}
check_shape() {
  shape_config "${1:-}" >/dev/null 2>&1 || {
    echo "engine: unknown shape \"${1:-}\": use one of: $SHAPES (e.g. scripts/engine.sh start smollm2-135m)" >&2
    exit 2
  }
}

# The prompt lengths the project measures go up to 8,192 tokens; the
# context leaves room for the tokens generated after them. llama-server
# caps a slot's context at the model's training context, so the model
# file states at least this much (SmolLM2's config says 8,192).
CTX="${ENGINE_CTX:-9216}"

need_tools() {
  local missing=() t
  for t in cmake g++ make git npm node curl tar; do
    command -v "$t" >/dev/null 2>&1 || missing+=("$t")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local pkgs=() m
  for m in "${missing[@]}"; do
    case "$m" in
      g++) pkgs+=(g++) ;;
      node) pkgs+=(nodejs) ;;
      *) pkgs+=("$m") ;;
    esac
  done
  say "installing from Debian: ${pkgs[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
}

# pack_dir fetches and unpacks node-llama-cpp (once).
pack_dir() {
  local dir="$CACHE/npm/node-llama-cpp-$NLC_VERSION"
  if [ ! -f "$dir/package/llama/gitRelease.bundle" ]; then
    say "fetching node-llama-cpp@$NLC_VERSION with npm pack"
    rm -rf "$dir"
    mkdir -p "$dir"
    (cd "$dir" && npm pack --silent "node-llama-cpp@$NLC_VERSION" >/dev/null)
    tar -xzf "$dir"/node-llama-cpp-"$NLC_VERSION".tgz -C "$dir" package/llama
    [ -f "$dir/package/llama/gitRelease.bundle" ] || die "node-llama-cpp@$NLC_VERSION has no llama/gitRelease.bundle"
  fi
  echo "$dir"
}

# bundle_commit prints the commit the bundle holds.
bundle_commit() {
  git bundle list-heads "$1/package/llama/gitRelease.bundle" | awk 'NR==1 {print $1}'
}

# engine_dir prints the build directory of the commit recorded by the last
# build, or fails.
engine_dir() {
  local key="$CACHE/llama.cpp/node-llama-cpp-$NLC_VERSION.commit"
  [ -f "$key" ] || return 1
  local d
  d="$CACHE/llama.cpp/$(cat "$key")"
  [ -x "$d/bin/llama-server" ] || return 1
  echo "$d"
}

cmd_build() {
  need_tools
  local pack commit dir
  pack="$(pack_dir)"
  commit="$(bundle_commit "$pack")"
  [ -n "$commit" ] || die "cannot read the commit of $pack/package/llama/gitRelease.bundle"
  dir="$CACHE/llama.cpp/$commit"
  mkdir -p "$dir"
  if [ ! -f "$dir/src/CMakeLists.txt" ]; then
    say "cloning llama.cpp $commit from the bundle"
    rm -rf "$dir/src"
    git -c advice.detachedHead=false clone -q "$pack/package/llama/gitRelease.bundle" "$dir/src"
    git -C "$dir/src" -c advice.detachedHead=false checkout -q "$commit"
  fi
  mkdir -p "$dir/vocab"
  local s v
  for s in $SHAPES; do
    v="$(shape_vocab "$s")"
    [ -f "$dir/vocab/$v" ] || cp "$dir/src/models/$v" "$dir/vocab/$v"
  done
  if [ ! -x "$dir/bin/llama-server" ]; then
    local jobs="${ENGINE_BUILD_JOBS:-$(nproc)}" start
    start=$(date +%s)
    say "configuring llama.cpp (log: $dir/build.log)"
    (cd "$dir/src" && cmake -B build -DCMAKE_BUILD_TYPE=Release -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
      -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_APP=OFF) >"$dir/build.log" 2>&1 ||
      die "cmake configure failed; see $dir/build.log"
    if [ -n "${ENGINE_CONFIGURE_ONLY:-}" ]; then
      say "configured (ENGINE_CONFIGURE_ONLY set: not building)"
      return 0
    fi
    say "building llama-server with $jobs jobs (about 30 minutes on two cores, longer on busy ones; log: $dir/build.log)"
    (cd "$dir/src" && cmake --build build --target llama-server -j"$jobs") >>"$dir/build.log" 2>&1 ||
      die "the build failed; see the end of $dir/build.log"
    rm -rf "$dir/bin.tmp"
    mkdir -p "$dir/bin.tmp"
    cp -a "$dir/src/build/bin/." "$dir/bin.tmp/"
    mv "$dir/bin.tmp" "$dir/bin"
    say "built in $(($(date +%s) - start)) s"
  fi
  echo "$commit" >"$CACHE/llama.cpp/node-llama-cpp-$NLC_VERSION.commit"
  LD_LIBRARY_PATH="$dir/bin" "$dir/bin/llama-server" --version >/dev/null 2>&1 ||
    die "$dir/bin/llama-server does not run; remove $dir/bin and build again"
  echo "$dir/bin/llama-server"
}

not_built() {
  echo "engine: llama-server is not built: run scripts/engine.sh build (about 30 minutes the first time, cached after)" >&2
  exit 2
}

cmd_model() {
  check_shape "${1:-}"
  local shape="$1" dir out
  dir="$(engine_dir)" || not_built
  out="$CACHE/models/$shape-seed$SEED-ctx$CTX.gguf"
  mkdir -p "$CACHE/models"
  exec 8>"$CACHE/models/$shape.lock"
  flock 8 # one writer of a model file at a time
  if [ ! -f "$out" ]; then
    say "writing $out (random weights with the shape of $(basename "$(shape_config "$shape")"))"
    (cd "$ROOT" && go run ./tools/gguf -config "$(shape_config "$shape")" -vocab "$dir/vocab/$(shape_vocab "$shape")" \
      -seed "$SEED" -min-context "$CTX" -o "$out") >&2 8>&-
  fi
  exec 8>&-
  echo "$out"
}

alive() { # pid file -> pid of a running llama-server, or fail
  local pid
  [ -f "$1" ] || return 1
  pid="$(cat "$1")"
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q llama-server || return 1
  echo "$pid"
}

healthy() { curl -fsS -m 2 "$1/health" >/dev/null 2>&1; }

# taken PORT: a socket listens on PORT (in /proc/net/tcp or tcp6, whose
# local addresses end in the port in hex and whose state 0A is LISTEN).
# Connecting to it would not do: a listener that never accepts fills its
# backlog and then refuses.
taken() {
  local hex f files=()
  hex="$(printf '%04X' "$1")"
  for f in /proc/net/tcp /proc/net/tcp6; do
    [ -r "$f" ] && files+=("$f")
  done
  [ ${#files[@]} -gt 0 ] || return 1
  awk -v p=":$hex" 'substr($2, length($2) - 4) == p && $4 == "0A" { found = 1 } END { exit !found }' "${files[@]}"
}

# An instance is one server: a shape on a port. Its files in $RUN are
# SHAPE-PORT.pid, .url and .log.
cmd_start() {
  check_shape "${1:-}"
  local shape="$1" port="${2:-$(shape_port "$1")}" dir model url pid inst
  [[ "$port" =~ ^[0-9]+$ ]] || {
    echo "engine: port \"$port\" is not a number (e.g. scripts/engine.sh start $shape $(shape_port "$shape"))" >&2
    exit 2
  }
  [[ "$port" =~ ^0*[0-9]{1,5}$ ]] && (( 10#$port >= 1 && 10#$port <= 65535 )) || {
    echo "engine: port $port is out of range 1 to 65535 (e.g. scripts/engine.sh start $shape $(shape_port "$shape"))" >&2
    exit 2
  }
  port=$((10#$port)) # "08" is port 8, in decimal everywhere below
  dir="$(engine_dir)" || not_built
  inst="$shape-$port"
  mkdir -p "$RUN" "$CACHE/slots/$shape"
  exec 9>"$RUN/$inst.lock"
  flock 9 # one start of an instance at a time
  url="http://127.0.0.1:$port"
  if pid="$(alive "$RUN/$inst.pid")" && healthy "$url"; then
    say "$shape is already running on $url (pid $pid)"
    echo "$url"
    return 0
  fi
  if healthy "$url"; then
    die "something else answers on port $port; stop it or give another port (scripts/engine.sh start $shape PORT)"
  fi
  model="$(cmd_model "$shape")"
  local timeout="${ENGINE_START_TIMEOUT:-180}" t0
  t0=$(date +%s%N)
  # --cache-ram 0: a prompt is cached only in its slot's KV cache (no
  # second copy in RAM), so a cached request differs from a cold one only
  # by the slot's prefix. -ctk/-ctv f16: the 16-bit cache of the formula.
  # shellcheck disable=SC2086
  LD_LIBRARY_PATH="$dir/bin" setsid "$dir/bin/llama-server" -m "$model" -a "$shape" --host 127.0.0.1 --port "$port" \
    -c "$CTX" -np 1 --cache-prompt --cache-ram 0 -ctk f16 -ctv f16 \
    --slot-save-path "$CACHE/slots/$shape" --metrics --slots --props \
    ${ENGINE_EXTRA_ARGS:-} >"$RUN/$inst.log" 2>&1 </dev/null 9>&- &
  pid=$!
  echo "$pid" >"$RUN/$inst.pid"
  echo "$url" >"$RUN/$inst.url"
  local waited=0
  until healthy "$url"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 20 "$RUN/$inst.log" >&2 || true
      rm -f "$RUN/$inst.pid"
      # llama-server logs from a thread of its own and may exit before its
      # "couldn't bind" line is written; whether the port is taken is
      # asked of the port itself.
      if taken "$port"; then
        die "port $port is taken by another process, so llama-server could not bind it; give another port (scripts/engine.sh start $shape PORT)"
      fi
      die "llama-server exited while starting; its log is $RUN/$inst.log"
    fi
    if [ "$waited" -ge $((timeout * 5)) ]; then
      kill "$pid" 2>/dev/null || true
      rm -f "$RUN/$inst.pid"
      die "llama-server did not answer $url/health within $timeout s (ENGINE_START_TIMEOUT); its log is $RUN/$inst.log"
    fi
    sleep 0.2
    waited=$((waited + 1))
  done
  say "$shape: llama-server pid $pid on $url, ready in $((($(date +%s%N) - t0) / 1000000)) ms (log: $RUN/$inst.log)"
  echo "$url"
}

stop_pidfile() {
  local f="$1" pid i inst
  inst="$(basename "$f" .pid)"
  if pid="$(alive "$f")"; then
    kill "$pid" 2>/dev/null || true
    for i in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
    say "$inst: stopped (pid $pid)"
  fi
  rm -f "$f"
}

cmd_stop() {
  local what="${1:-all}" port="${2:-}" f
  [ -d "$RUN" ] || return 0
  if [ "$what" != all ]; then
    check_shape "$what"
  fi
  if [[ "$port" =~ ^0*[0-9]{1,5}$ ]]; then
    port=$((10#$port)) # as start wrote it: "018135" is 18135
  fi
  shopt -s nullglob
  for f in "$RUN"/*.pid; do
    local inst
    inst="$(basename "$f" .pid)"
    if [ "$what" = all ] || [ "$inst" = "$what-$port" ] || { [ -z "$port" ] && [[ "${inst#"$what"-}" =~ ^[0-9]+$ ]]; }; then
      stop_pidfile "$f"
    fi
  done
}

cmd_status() {
  local dir s f pid
  if dir="$(engine_dir)"; then
    echo "llama-server: $dir/bin/llama-server"
  else
    echo "llama-server: not built (scripts/engine.sh build)"
  fi
  for s in $SHAPES; do
    local model="$CACHE/models/$s-seed$SEED-ctx$CTX.gguf"
    if [ -f "$model" ]; then
      echo "$s: model $model ($(($(stat -c %s "$model") / 1000000)) MB)"
    else
      echo "$s: model not written (scripts/engine.sh model $s)"
    fi
  done
  shopt -s nullglob
  for f in "$RUN"/*.pid; do
    if pid="$(alive "$f")"; then
      echo "running: $(basename "$f" .pid), pid $pid, $(cat "${f%.pid}.url")"
    fi
  done
}

case "${1:-}" in
  build) cmd_build ;;
  model) cmd_model "${2:-}" ;;
  start) cmd_start "${2:-}" "${3:-}" ;;
  stop) cmd_stop "${2:-all}" "${3:-}" ;;
  status) cmd_status ;;
  config)
    check_shape "${2:-}"
    shape_config "$2"
    ;;
  *)
    echo "usage: scripts/engine.sh build | model SHAPE | start SHAPE [PORT] | stop [SHAPE [PORT]|all] | status | config SHAPE" >&2
    echo "SHAPE: $SHAPES" >&2
    exit 2
    ;;
esac
