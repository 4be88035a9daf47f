#!/usr/bin/env bash
# The comparison with C-Vise of issue 10 (docs/dev/benchmarks.md, section 18): every parser crash
# under samples/crashes/parsers/ (or those given) reduced on a copy by
#   cvise     C-Vise (Debian's cvise) --not-c --n JOBS with the crash's test script,
#   reduce    whittle reduce with the same test script ($WHITTLE_REDUCE_OPTS added, --jobs JOBS),
#   reduce-trees  the same with $WHITTLE_TREE_OPTS instead (e.g. "--format auto" once tree
#             reduction is merged; not in the default TOOLS), for the gain of trees over sequences,
#   minimize  whittle minimize in process, --match top-frames-3 ($WHITTLE_MINIMIZE_OPTS added),
# with the final bytes (checked again by the test script: ok/BAD), test runs (the script's
# invocations, counted; for minimize its runs), wall and CPU time (user + system, children
# included, GNU time) of each; then medians per format and the issue's two checks: Whittle's
# result no larger than C-Vise's on every input, in at most 1/5 of C-Vise's wall time.
#
#   samples/scripts/parser-bench.sh [CRASH...]
#   samples/scripts/parser-bench.sh --summary RESULTS.tsv...    # medians and checks of past runs
#
# Needs `mvn -B -q -ntp package -DskipTests` (whittle.jar) and parser-fuzz.sh setup (parser jars);
# installs cvise and GNU time with apt-get when missing. Environment:
#   JOBS=1                 jobs on both sides (cvise --n, whittle --jobs)
#   TOOLS="cvise reduce minimize"   which to run
#   WHITTLE_REDUCE_OPTS    e.g. "--format auto" once tree reduction is there; default none
#   WHITTLE_TREE_OPTS      the options of reduce-trees (required with it)
#   WHITTLE_MINIMIZE_OPTS  default none
#   CVISE_OPTS             extra C-Vise options, e.g. "--timeout 20"
#   CVISE_LIMIT            wall-time limit of one C-Vise run in seconds (default none; a run cut
#                          short keeps its best file and is marked "cut" in the table)
#   OUT                    where work files and results.tsv go (default target/parser-bench/NOW)
set -euo pipefail
# shellcheck source=parser-bench/common.sh
source "$(dirname "$0")/parser-bench/common.sh"
check=$root/samples/scripts/parser-bench/check.sh
jar=$root/jazzer-integration/target/whittle.jar
jobs=${JOBS:-1}
tools=${TOOLS:-cvise reduce minimize}
out=${OUT:-$root/target/parser-bench/$(date -u +%Y%m%dT%H%M%S)}
# shellcheck disable=SC2206
reduce_opts=(${WHITTLE_REDUCE_OPTS:-})
# shellcheck disable=SC2206
minimize_opts=(${WHITTLE_MINIMIZE_OPTS:-})
# shellcheck disable=SC2206
cvise_opts=(${CVISE_OPTS:-})

# Medians per format and the issue's checks over one or more results.tsv files.
summarize() {
python3 - "$@" <<'PY'
import csv, statistics, sys
rows = [r for f in sys.argv[1:] for r in csv.DictReader(open(f), delimiter="\t")]
tools = [t for t in ("cvise", "reduce", "reduce-trees", "minimize") if any(r["tool"] == t for r in rows)]
def med(values):
    values = [float(v) for v in values if v not in ("-", "")]
    return f"{statistics.median(values):g}" if values else "-"
print("\nmedians per format (final bytes / test runs / wall s / CPU s):")
for fmt in sorted({r["format"] for r in rows}):
    n = len({r["crash"] for r in rows if r["format"] == fmt})
    cells = []
    for t in tools:
        rs = [r for r in rows if r["format"] == fmt and r["tool"] == t]
        cells.append(f"{t} {med(r['final'] for r in rs)} B / {med(r['runs'] for r in rs)} / "
                     f"{med(r['wall'] for r in rs)} / {med(r['cpu'] for r in rs)}")
    print(f"  {fmt:6} ({n} inputs, median original {med(r['bytes'] for r in rows if r['format'] == fmt and r['tool'] == tools[0])} B): " + "; ".join(cells))
by = {(r["crash"], r["tool"]): r for r in rows}
crashes = sorted({r["crash"] for r in rows})
if "cvise" in tools:
    for t in [t for t in tools if t != "cvise"]:
        pairs = [(by[c, "cvise"], by[c, t]) for c in crashes if (c, "cvise") in by and (c, t) in by]
        if not pairs:
            continue
        small = sum(1 for cv, w in pairs if w["ok"] == "ok" and int(w["final"]) <= int(cv["final"]))
        fast = sum(1 for cv, w in pairs if float(w["wall"]) * 5 <= float(cv["wall"]))
        cut = sum(1 for cv, w in pairs if cv["note"] == "cut")
        print(f"{t}: bytes <= C-Vise's on {small}/{len(pairs)} inputs; "
              f"wall <= 1/5 of C-Vise's on {fast}/{len(pairs)} inputs"
              + (f" (C-Vise cut short by CVISE_LIMIT on {cut})" if cut else ""))
if "reduce" in tools and "reduce-trees" in tools:
    pairs = [(by[c, "reduce"], by[c, "reduce-trees"]) for c in crashes
             if (c, "reduce") in by and (c, "reduce-trees") in by]
    for fmt in sorted({s["format"] for s, _ in pairs}):
        p = [(s, t) for s, t in pairs if s["format"] == fmt]
        print(f"gain of trees, {fmt}: median bytes {med(s['final'] for s, _ in p)} -> "
              f"{med(t['final'] for _, t in p)}, runs {med(s['runs'] for s, _ in p)} -> "
              f"{med(t['runs'] for _, t in p)}, wall {med(s['wall'] for s, _ in p)} -> "
              f"{med(t['wall'] for _, t in p)} s")
PY
}

if [[ ${1:-} == --summary ]]; then
  shift
  summarize "$@"
  exit 0
fi
[[ -f $jar ]] || { echo "no $jar: run mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
[[ -f $lib/re2j-1.8.jar ]] || parsers_setup
parsers_jar
if ! command -v cvise >/dev/null || [[ ! -x /usr/bin/time ]]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cvise time >/dev/null
fi
# C-Vise decodes test cases with the locale's encoding and gives up on bytes that are not valid
# UTF-8 (UnicodeDecodeError in its line pass), which Jazzer's crash files often hold: it runs in
# a Latin-1 locale, where every byte decodes and encodes back to itself.
if ! locale -a | grep -qi '^en_US\.iso88591$'; then
  localedef -i en_US -f ISO-8859-1 en_US.ISO-8859-1
fi

if [[ $# -gt 0 ]]; then
  inputs=()
  for crash in "$@"; do
    inputs+=("$(realpath "$crash")")
  done
else
  mapfile -t inputs < <(find "$crashes" -name 'crash-*' ! -name '*.signature' | sort)
fi
mkdir -p "$out"
results=$out/results.tsv
printf 'format\ttarget\tcrash\tbytes\ttool\tfinal\tok\truns\twall\tcpu\tnote\n' >"$results"

format_of() {
  case $1 in
    Json*) echo JSON ;;
    Xml* | JsoupXml*) echo XML ;;
    Html*) echo HTML ;;
    Yaml*) echo YAML ;;
    Regex*) echo regex ;;
    *) echo "$1" ;;
  esac
}

# Runs "$@" under GNU time in the current directory; sets wall and cpu (seconds).
timed() {
  /usr/bin/time -f '%e %U %S' -o time.txt "$@" >stdout.txt 2>stderr.txt || true
  local times
  times=$(tail -1 time.txt)
  wall=$(awk '{print $1}' <<<"$times")
  cpu=$(awk '{printf "%.2f", $2 + $3}' <<<"$times")
}

row() { # tool final-file runs note
  local final_bytes=-1 ok=BAD
  if [[ -f $2 ]]; then
    final_bytes=$(stat -c %s "$2")
    "$check" "$crash" "$2" && ok=ok
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$format" "$target" "$name" "$size" \
    "$1" "$final_bytes" "$ok" "$3" "$wall" "$cpu" "$4" | tee -a "$results"
}

for crash in "${inputs[@]}"; do
  target=$(basename "$(dirname "$crash")") name=$(basename "$crash")
  format=$(format_of "$target") size=$(stat -c %s "$crash")
  "$check" "$crash" || { echo "$crash: its own test script says no; skipped" >&2; continue; }
  for tool in $tools; do
    work=$out/$target/$name/$tool
    rm -rf "$work" && mkdir -p "$work" && cd "$work"
    export PARSER_BENCH_COUNTER=$work/runs.txt
    : >"$PARSER_BENCH_COUNTER"
    note=
    case $tool in
      cvise)
        mkdir run && cp "$crash" "run/$name"
        printf '#!/bin/sh\nexec %q %q %q\n' "$check" "$crash" "$name" >test.sh
        chmod +x test.sh
        limit=()
        [[ -n ${CVISE_LIMIT:-} ]] && limit=(timeout -s INT "$CVISE_LIMIT")
        cd run
        LC_ALL=en_US.ISO-8859-1 PYTHONUTF8=0 timed "${limit[@]}" cvise --not-c --n "$jobs" "${cvise_opts[@]}" "$work/test.sh" "$name"
        mv time.txt stdout.txt stderr.txt ..
        cd "$work"
        [[ -n ${CVISE_LIMIT:-} ]] && awk -v w="$wall" -v l="$CVISE_LIMIT" 'BEGIN{exit !(w >= l)}' \
          && note=cut
        row cvise "run/$name" "$(wc -l <"$PARSER_BENCH_COUNTER")" "$note"
        ;;
      reduce | reduce-trees)
        cp "$crash" "$name"
        opts=("${reduce_opts[@]}")
        if [[ $tool == reduce-trees ]]; then
          # shellcheck disable=SC2206
          opts=(${WHITTLE_TREE_OPTS:?reduce-trees needs WHITTLE_TREE_OPTS, e.g. --format auto})
        fi
        timed java -jar "$jar" reduce --jobs "$jobs" --json --output reduced "${opts[@]}" \
          "$name" -- "$check" "$crash"
        stop=$(grep -o '"stopReason":"[A-Z_]*"' stdout.txt | cut -d'"' -f4 || true)
        [[ -n $stop && $stop != COMPLETED ]] && note=$stop
        row "$tool" reduced "$(wc -l <"$PARSER_BENCH_COUNTER")" "$note"
        ;;
      minimize)
        cp "$crash" "$name"
        unset PARSER_BENCH_COUNTER
        timed java -XX:-OmitStackTraceInFastThrow -jar "$jar" minimize --cp "$(parsers_cp)" \
          --target "dev.whittle.samples.parsers.$target" --match top-frames-3 --jobs "$jobs" \
          --json --output minimized "${minimize_opts[@]}" "$name"
        runs=$(grep -o '"runs":[0-9]*' stdout.txt | head -1 | cut -d: -f2 || true)
        stop=$(grep -o '"stopReason":"[A-Z_]*"' stdout.txt | head -1 | cut -d'"' -f4 || true)
        [[ -n $stop && $stop != COMPLETED ]] && note=$stop
        row minimize minimized "${runs:--}" "$note"
        ;;
      *) echo "unknown tool $tool" >&2; exit 2 ;;
    esac
  done
done

summarize "$results"
echo "results: $results"
