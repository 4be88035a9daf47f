#!/usr/bin/env bash
# Issue 11's corpus benchmark: on every frozen corpus in samples/corpora/ (listed in
# samples/corpora/targets.tsv), Jazzer 0.30.0's `-merge=1` and `-merge=1 -set_cover_merge=1`, and
# `whittle corpus` (with and without --no-shrink) when whittle.jar has that subcommand, each into
# a fresh directory: files, total bytes, wall time, and the JaCoCo covered lines / branches /
# instructions of the output against the original corpus's (samples/scripts/jacoco-coverage.sh,
# the independent judge). Prints a table and, for Whittle, each bar of the issue:
#   files <= set-cover merge's, bytes <= 0.5 x set-cover merge's, JaCoCo equal to the original's,
#   wall time <= `-merge=1`'s.
# Whittle's output is judged together with the crashers it copies beside it (out.crashers: the
# crashing inputs that alone covered something, which the replayable output leaves out); the
# files and bytes columns are the output's, with the copies counted apart ("+ N crasher copies").
# Also the executions per second of a plain (uninstrumented) JVM replaying the corpus, warm, of
# Jazzer's merge child, and of Whittle's instrumented runs (its --json "runs" / "milliseconds"),
# and, figures a busy machine does not change, Whittle's runs per stage (its --json
# "runsPerStage") and the user + system CPU seconds of its command (with /usr/bin/time).
#
#   samples/scripts/corpus-bench.sh [--whittle JAR] [--only NAME[,NAME...]] [--no-jacoco]
#                                   [--reuse-jazzer] [--shrink-only]
#
# Whittle runs with its defaults; WHITTLE_ARGS (words split on spaces) adds options to every
# `whittle corpus`, e.g. WHITTLE_ARGS="--max-time-per-file 10s" so that run counts, not the
# machine's load, end each file's shrinking.
# --reuse-jazzer: do not run Jazzer's merges; take their files, bytes and wall times from
# samples/corpora/jazzer-merge-figures.tsv (recorded in docs/dev/benchmarks.md section 20, with the
# date and load of that run) and say so in every row and bar. Their JaCoCo counts are not
# re-judged (that run found them equal to the original's). The wall-time bar then compares
# Whittle's time now with Jazzer's time then. --shrink-only: no `whittle corpus --no-shrink` run.
# JAR defaults to jazzer-integration/target/whittle.jar (build it with
# `mvn -B -ntp -pl jazzer-integration -am package -DskipTests`). Results also go to
# target/corpus-work/bench/results.md; every run's log and output stays under target/corpus-work/.
# One tool runs at a time; expect a few minutes per corpus on a quiet machine.
# REPEAT (environment, default 1): paired repetitions per corpus, Jazzer's merges and Whittle's
# runs interleaved, the order alternating per repeat; every output is judged, the bars use the
# median wall times, and each row gives the 1-minute load average when it finished.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
whittle_jar=$root/jazzer-integration/target/whittle.jar
only= jacoco=1 reuse=0 variants=("whittle corpus" "whittle corpus --no-shrink")
while [[ $# -gt 0 ]]; do
  case $1 in
    --whittle) whittle_jar=${2:?}; shift 2 ;;
    --only) only=,${2:?},; shift 2 ;;
    --no-jacoco) jacoco=0; shift ;;
    --reuse-jazzer) reuse=1; shift ;;
    --shrink-only) variants=("whittle corpus"); shift ;;
    *) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
repeat=${REPEAT:-1}
[[ $repeat =~ ^[1-9][0-9]*$ ]] || { echo "REPEAT must be a positive integer: $repeat" >&2; exit 2; }

lib=$root/target/jazzer
if [[ ! -f $lib/jazzer-0.30.0.jar || ! -f $lib/jazzer-api-0.30.0.jar ]]; then
  "$root/samples/scripts/jazzer.sh" setup >&2
fi
source "$root/samples/scripts/corpus-classpath.sh"
cp=$(corpus_classpath "$root")
jazzer=(java -XX:-OmitStackTraceInFastThrow
  -cp "$lib/jazzer-0.30.0.jar:$lib/jazzer-api-0.30.0.jar:$cp" com.code_intelligence.jazzer.Jazzer)

whittle=0
# An older whittle.jar answers `corpus --help` with its top-level usage and status 0: look for the
# subcommand's own usage line.
if [[ -f $whittle_jar ]] && java -jar "$whittle_jar" corpus --help 2>&1 | grep -q 'Usage: whittle corpus'; then
  whittle=1
else
  echo "corpus-bench: no 'corpus' subcommand in $whittle_jar: Jazzer's side only" >&2
fi

work=$root/target/corpus-work/bench
mkdir -p "$work"
results=$work/results.md

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
files_of() { find "$1" -type f | wc -l; }
bytes_of() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
coverage() { # CLASS INCLUDE CORPUS_DIR [MORE_DIR...] -> "lines=.. branches=.. instructions=.." or "-"
  local class=$1 include=$2 dir=$3
  shift 2
  if [[ $jacoco == 0 ]]; then echo "-"; return; fi
  if [[ $(files_of "$dir") == 0 && $# == 1 ]]; then
    : >"$work/last-jacoco.log"
    echo "lines=0 branches=0 instructions=0"
    return
  fi
  "$root/samples/scripts/jacoco-coverage.sh" --cp "$cp" --target "$class" --include "$include" \
    "$@" 2>"$work/last-jacoco.log"
  cat "$work/last-jacoco.log" >>"$work/jacoco.log"
}
# How many inputs of the last judged corpus threw (the runner's findings; hangs counted apart).
crashers() {
  if [[ $jacoco == 0 || ! -s $work/last-jacoco.log ]]; then echo "-"; return; fi
  grep -a -o 'findings=[0-9]* hangs=[0-9]*' "$work/last-jacoco.log" \
    | awk -F'[= ]' '{ f += $2; h += $4 } END { print f (h ? " + " h " hangs" : "") }'
}
# "=" when equal to the original's, else each count's difference.
versus() {
  local got=$1 want=$2
  if [[ $got == "$want" ]]; then echo "="; return; fi
  paste -d' ' <(tr ' ' '\n' <<<"$got") <(tr ' ' '\n' <<<"$want") \
    | awk -F'[= ]' '{ d = $2 - $4; if (d != 0) printf "%s%+d ", $1, d } END { print "" }'
}
# json_number KEY FILE: the first number under "KEY" in whittle's --json output, or nothing.
json_number() {
  grep -o "\"$1\"[[:space:]]*:[[:space:]]*[0-9]*" "$2" | grep -o '[0-9]*$' | head -1 || true
}
verdict() { if [[ $1 == 1 ]]; then echo "pass"; else echo "FAIL"; fi; }

fmt() { # "lines=1 branches=2 instructions=3" -> "1 / 2 / 3"
  if [[ $1 == - ]]; then echo "-"; else sed -E 's/[a-z]+=//g; s/ / \/ /g' <<<"$1"; fi
}

{
  echo "| corpus | tool | files | bytes | wall s | JaCoCo lines / branches / instructions | vs original | crashers | load |"
  echo "|---|---|---:|---:|---:|---|---|---:|---:|"
} >"$results"
bars=$work/bars.txt
: >"$bars"
rates=$work/rates.txt
: >"$rates"
declare -A files bytes wall cov walls covered_all

# run_tool SLUG LABEL COMMAND...: runs COMMAND in a scratch directory (the output directory is
# $work/$name/SLUG/out, which COMMAND names itself) and records its figures under LABEL: files,
# bytes and JaCoCo of this run's output, its wall time added to LABEL's list (medians at the end),
# and whether every run's output covered what the original does.
run_tool() {
  local slug=$1 label=$2
  shift 2
  local run=$work/$name/$slug
  local start end status=0 seconds_taken
  start=$(now)
  (cd "$run/work" && "$@" </dev/null >"$run/stdout" 2>"$run/log.txt") || status=$?
  end=$(now)
  seconds_taken=$(seconds "$start" "$end")
  walls[$label]="${walls[$label]:-} $seconds_taken"
  files[$label]=$(files_of "$run/out")
  bytes[$label]=$(bytes_of "$run/out")
  # Whittle copies the crashers that alone cover something beside its output (out.crashers): the
  # output must replay without a failure, and the two together must cover what the original does.
  local judged=("$run/out") apart=""
  if [[ -d $run/out.crashers ]]; then
    judged+=("$run/out.crashers")
    apart=" + $(files_of "$run/out.crashers") crasher copies"
  fi
  cov[$label]=$(coverage "$class" "$include" "${judged[@]}" </dev/null)
  [[ ${cov[$label]} == "$original" ]] || covered_all[$label]=0
  if [[ $label == jazzer* ]]; then
    local done_line
    done_line=$(grep -a -E '^#[0-9]+[[:space:]]+DONE' "$run/log.txt" | tail -1 || true)
    [[ -z $done_line ]] || echo "$name / $label: child's $(tr -s "\t " "  " <<<"${done_line%%rss:*}")(libFuzzer's DONE line: runs since the child JVM started, instrumentation included)" >>"$rates"
  fi
  echo "| $name | $label (run $r) | ${files[$label]}$apart | ${bytes[$label]} | $seconds_taken |" \
    "$(fmt "${cov[$label]}") | $(versus "${cov[$label]}" "$original") (exit $status) |" \
    "$(crashers) | $(cut -d' ' -f1 /proc/loadavg) |" >>"$results"
}
# median_of "A B C": the median of the numbers (the lower middle one of an even count).
median_of() {
  tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
# fresh SLUG: an empty scratch and output directory; prints the output directory.
fresh() {
  rm -rf "${work:?}/$name/$1" && mkdir -p "$work/$name/$1/work" "$work/$name/$1/out"
  echo "$work/$name/$1/out"
}

# run_jazzer_merges: Jazzer's two merges of this corpus, unless their figures are reused.
run_jazzer_merges() {
  [[ $reuse == 0 ]] || return 0
  local out
  out=$(fresh merge)
  run_tool merge "$merge" "${jazzer[@]}" --target_class="$class" -merge=1 "$out" "$corpus"
  out=$(fresh setcover)
  run_tool setcover "$setcover" "${jazzer[@]}" --target_class="$class" -merge=1 \
    -set_cover_merge=1 "$out" "$corpus"
}
# run_whittle_variants: `whittle corpus` and (unless --shrink-only) `--no-shrink` on this corpus.
run_whittle_variants() {
  [[ $whittle == 1 ]] || return 0
  local variant slug extra out cpu_file timed runs millis stages cpu
  for variant in "${variants[@]}"; do
    slug=whittle extra=()
    if [[ $variant == *--no-shrink ]]; then slug=whittle-no-shrink extra=(--no-shrink); fi
    out=$(fresh "$slug")
    cpu_file=$work/$name/$slug/cpu.txt timed=()
    [[ ! -x /usr/bin/time ]] || timed=(/usr/bin/time -f '%U %S' -o "$cpu_file")
    # shellcheck disable=SC2086 # WHITTLE_ARGS is words on purpose
    run_tool "$slug" "$variant" "${timed[@]}" java -jar "$whittle_jar" corpus --cp "$cp" \
      --target "$class" --output "$out" --json ${WHITTLE_ARGS:-} "${extra[@]}" "$corpus"
    runs=$(json_number runs "$work/$name/$slug/stdout")
    millis=$(json_number milliseconds "$work/$name/$slug/stdout")
    if [[ -n $runs && -n $millis && $millis -gt 0 ]]; then
      echo "$name / $variant (run $r): $runs runs in $millis ms = $(awk -v r="$runs" -v m="$millis" 'BEGIN { printf "%.0f", 1000 * r / m }') instrumented runs/s (its --json)" >>"$rates"
    fi
    stages=$(tr -d '\n' <"$work/$name/$slug/stdout" | grep -o '"runsPerStage": *{[^}]*}' \
      | sed -E 's/"runsPerStage": *\{ *//; s/ *\}$//; s/"//g; s/ +/ /g' || true)
    cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$cpu_file" 2>/dev/null || true)
    echo "$name / $variant (run $r): runs per stage: ${stages:-not reported}; CPU (user + system) ${cpu:--} s" >>"$rates"
  done
}
# judge_variant VARIANT: its bars against Jazzer's, with median wall times. Selection alone
# (--no-shrink): files <= set cover's, wall <= -merge=1's. The default: files <= set cover's,
# bytes <= half of set cover's, wall <= 3 x -merge=1's. Both: JaCoCo equal in every run.
judge_variant() {
  local variant=$1 factor=1 bytes_bar=""
  if [[ $variant != *--no-shrink ]]; then
    factor=3
    bytes_bar=" bytes ${bytes[$variant]} <= 0.5 x ${bytes[$setcover]}: $(verdict "$((2 * bytes[$variant] <= bytes[$setcover]))");"
  fi
  echo "$name / $variant:" \
    "files ${files[$variant]} <= ${files[$setcover]}: $(verdict "$((files[$variant] <= files[$setcover]))");$bytes_bar" \
    "JaCoCo equal to the original's in every run: $(if [[ $jacoco == 0 ]]; then echo "not judged (--no-jacoco)"; else verdict "${covered_all[$variant]:-1}"; fi);" \
    "median wall ${wall[$variant]} s <= $factor x ${wall[$merge]} s (medians of $repeat): $(verdict "$(awk -v a="${wall[$variant]}" -v b="${wall[$merge]}" -v f="$factor" 'BEGIN { print (a <= f * b) }')")$merge_wall_note" >>"$bars"
}

merge="jazzer -merge=1"
setcover="jazzer -merge=1 -set_cover_merge=1"
while IFS=$'\t' read -r name class include; do
  [[ -z $name || $name == \#* ]] && continue
  [[ -z $only || $only == *,$name,* ]] || continue
  corpus=$root/samples/corpora/$name
  [[ -d $corpus ]] || { echo "corpus-bench: no corpus $corpus" >&2; continue; }
  echo "corpus-bench: $name" >&2
  mkdir -p "$work/$name"
  original=$(coverage "$class" "$include" "$corpus" </dev/null)
  echo "| $name | original | $(files_of "$corpus") | $(bytes_of "$corpus") | | $(fmt "$original") | |" \
    "$(crashers) |" >>"$results"

  walls=() covered_all=()
  if [[ $reuse == 1 ]]; then
    recorded=$(awk -F'\t' -v n="$name" '$1 == n' "$root/samples/corpora/jazzer-merge-figures.tsv")
    [[ -n $recorded ]] || { echo "corpus-bench: no recorded Jazzer figures for $name" >&2; exit 1; }
    IFS=$'\t' read -r _ mf mb mw sf sb sw <<<"$recorded"
    files[$merge]=$mf bytes[$merge]=$mb walls[$merge]=$mw
    files[$setcover]=$sf bytes[$setcover]=$sb walls[$setcover]=$sw
    for label in "$merge" "$setcover"; do
      echo "| $name | $label (recorded 2026-11-24 21:07-21:37 UTC, not re-run) | ${files[$label]} |" \
        "${bytes[$label]} | ${walls[$label]} | (not re-judged) | | | |" >>"$results"
    done
    merge_wall_note=" (Jazzer's recorded 2026-11-25 on a quiet machine, not re-run)"
  else
    merge_wall_note=
  fi
  for ((r = 1; r <= repeat; r++)); do
    if ((r % 2 == 1)); then
      run_jazzer_merges
      run_whittle_variants
    else
      run_whittle_variants
      run_jazzer_merges
    fi
  done
  for label in "${!walls[@]}"; do wall[$label]=$(median_of "${walls[$label]}"); done
  if [[ $whittle == 1 ]]; then
    for variant in "${variants[@]}"; do
      judge_variant "$variant"
    done
  fi
  # Uninstrumented: the same corpus replayed in a plain JVM, five passes, the last one timed.
  plain=$(java -XX:-OmitStackTraceInFastThrow -cp "$cp" dev.whittle.samples.coverage.CoverageRunner \
    --timeout-ms 60000 --repeat 5 "$class" "$corpus" 2>&1 >/dev/null </dev/null \
    | grep -a '^coverage-runner:' || true)
  echo "$name / plain JVM, warm (5th pass): ${plain#coverage-runner: }" >>"$rates"
done <"$root/samples/corpora/targets.tsv"

{
  echo
  if [[ -s $bars ]]; then
    echo "Bars (whittle corpus):"
    sed 's/^/- /' "$bars"
  else
    echo "Bars: not evaluated (no whittle corpus)"
  fi
  echo
  echo "Executions per second:"
  sed 's/^/- /' "$rates"
} >>"$results"
cat "$results"
