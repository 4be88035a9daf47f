#!/usr/bin/env bash
# Issue 19, section 5: corpus minimization at scale. Makes a corpus of FILES files (default
# 100,000) from a frozen corpus of samples/corpora/ by mutation, deterministically
# (dev.whittle.samples.bench.MutatedCorpus with SEED), then runs on the same files, paired and
# interleaved REPEAT times (the order alternates per repeat):
#   Jazzer 0.30.0's `-merge=1` (and `-merge=1 -set_cover_merge=1` with --set-cover),
#   `whittle corpus --no-shrink` and `whittle corpus` (the default), each with every --jobs N of
#   JOBS (default "1 2": the per-file part's scaling),
# and prints per tool the files, bytes, median wall time (each run's in brackets), the peak
# resident memory (maximum RSS of the command's process tree, /usr/bin/time's %M) and CPU seconds,
# Whittle's own runs, and the 1-minute load average when the run ended. JaCoCo
# (samples/scripts/jacoco-coverage.sh, the independent judge) covers the original corpus once and
# every output: "=" when equal.
#
#   samples/scripts/corpus-scale.sh [--whittle JAR] [--corpus NAME] [--files N] [--seed N]
#                                   [--set-cover] [--no-jacoco] [--no-jazzer] [--heap SIZE]
#                                   [--shards K]
#
# --shards K: also the split across machines that docs/corpus.md describes: the files split by
# their names into K shards, `whittle corpus --no-shrink` on each, then `whittle corpus` (default
# settings) on the union of the shards' outputs. Its wall time is the sum (one machine); a line
# after the table gives the longest shard plus the final run (a machine per shard).
# --corpus NAME: a row of samples/corpora/targets.tsv (default CsvFuzzer). --heap SIZE: run Whittle
# with -XmxSIZE (default: the JVM's own default heap, a quarter of the machine's memory); the same
# option is never given to Jazzer, whose outer JVM only parses its child's control file.
# JAR defaults to jazzer-integration/target/whittle.jar. REPEAT (environment, default 3).
# NO_BUILD=1: reuse the samples' last compile. The corpus is made once per (corpus, files, seed)
# under target/corpus-scale/ and reused; outputs and logs stay there, the table also goes to
# target/corpus-scale/results.md. Times and memory count only on a quiet machine.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
whittle_jar=$root/jazzer-integration/target/whittle.jar
name=CsvFuzzer count=100000 seed=1 setcover=0 jacoco=1 jazzer=1 heap='' shards=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --whittle) whittle_jar=$(realpath "${2:?}"); shift 2 ;;
    --corpus) name=${2:?}; shift 2 ;;
    --files) count=${2:?}; shift 2 ;;
    --seed) seed=${2:?}; shift 2 ;;
    --set-cover) setcover=1; shift ;;
    --no-jacoco) jacoco=0; shift ;;
    --no-jazzer) jazzer=0; shift ;;
    --heap) heap=${2:?}; shift 2 ;;
    --shards) shards=${2:?}; shift 2 ;;
    *) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
repeat=${REPEAT:-3}
jobs_list=${JOBS:-1 2}
[[ $repeat =~ ^[1-9][0-9]*$ ]] || { echo "REPEAT must be a positive integer: $repeat" >&2; exit 2; }
[[ $count =~ ^[1-9][0-9]*$ ]] || { echo "--files must be a positive integer: $count" >&2; exit 2; }
[[ -f $whittle_jar ]] || { echo "no whittle.jar at $whittle_jar: build it first" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "corpus-scale: needs /usr/bin/time (Debian package 'time')" >&2; exit 2; }
row=$(awk -F'\t' -v n="$name" '$1 == n' "$root/samples/corpora/targets.tsv")
[[ -n $row ]] || { echo "no corpus '$name' in samples/corpora/targets.tsv" >&2; exit 2; }
class=$(cut -f2 <<<"$row")
include=$(cut -f3 <<<"$row")

lib=$root/target/jazzer
if [[ ! -f $lib/jazzer-0.30.0.jar || ! -f $lib/jazzer-api-0.30.0.jar ]]; then
  "$root/samples/scripts/jazzer.sh" setup >&2
fi
source "$root/samples/scripts/corpus-classpath.sh"
cp=$(corpus_classpath "$root")

work=$root/target/corpus-scale
corpus=$work/corpus-$name-$count-$seed
mkdir -p "$work"
if [[ ! -f $corpus.done ]]; then
  rm -rf "$corpus"
  java -cp "$root/samples/target/classes" dev.whittle.samples.bench.MutatedCorpus \
    "$root/samples/corpora/$name" "$corpus" "$count" "$seed" >&2
  touch "$corpus.done"
fi
results=$work/results.md

files_of() { find "$1" -type f | wc -l; }
bytes_of() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
coverage() {
  if [[ $jacoco == 0 ]]; then echo "-"; return; fi
  "$root/samples/scripts/jacoco-coverage.sh" --cp "$cp" --target "$class" --include "$include" \
    "$1" 2>>"$work/jacoco.log"
}
median_of() {
  tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "corpus-scale: $count files from samples/corpora/$name (seed $seed): $(bytes_of "$corpus") bytes" >&2
original=$(coverage "$corpus")
echo "corpus-scale: JaCoCo of the original: $original" >&2

declare -A labels walls rss cpu files bytes runs same
# run_dir LABEL: the scratch directory of LABEL's runs; its output directory is out/ in it.
run_dir() { echo "$work/runs/$(tr -c 'a-zA-Z0-9\n' '_' <<<"$1")"; }
order=()
# run LABEL COMMAND...: one timed run into a fresh output directory $out.
run() {
  local label=$1
  shift
  local dir
  dir=$(run_dir "$label")
  rm -rf "$dir" && mkdir -p "$dir/work" "$dir/out"
  out=$dir/out
  [[ -n ${labels[$label]:-} ]] || { labels[$label]=1; order+=("$label"); }
  local status=0
  (cd "$dir/work" && /usr/bin/time -o "$dir/time" -f '%e %M %U %S' "$@" </dev/null \
    >"$dir/stdout" 2>"$dir/log.txt") || status=$?
  read -r wall_s rss_kb user_s sys_s <"$dir/time" || true
  walls[$label]="${walls[$label]:-} $wall_s"
  rss[$label]="${rss[$label]:-} $((rss_kb / 1024))"
  cpu[$label]="${cpu[$label]:-} $(awk -v u="$user_s" -v s="$sys_s" 'BEGIN { printf "%.1f", u + s }')"
  files[$label]=$(files_of "$out")
  bytes[$label]=$(bytes_of "$out")
  runs[$label]=$(grep -o '"runs"[[:space:]]*:[[:space:]]*[0-9]*' "$dir/stdout" | grep -o '[0-9]*$' || echo -)
  local got
  got=$(coverage "$out")
  [[ $got == "$original" ]] || same[$label]="$got"
  echo "corpus-scale: $label: exit $status, ${files[$label]} files, ${bytes[$label]} bytes," \
    "$wall_s s, ${rss_kb} KiB RSS, load $(cut -d' ' -f1 /proc/loadavg)" >&2
  loads[$label]="${loads[$label]:-} $(cut -d' ' -f1 /proc/loadavg)"
}
declare -A loads

jazzer_cmd=(java -XX:-OmitStackTraceInFastThrow
  -cp "$lib/jazzer-0.30.0.jar:$lib/jazzer-api-0.30.0.jar:$cp" com.code_intelligence.jazzer.Jazzer
  --target_class="$class")
whittle_cmd=(java ${heap:+-Xmx$heap} -jar "$whittle_jar" corpus --json --cp "$cp" --target "$class")

# run_sharded: the corpus split by the first hex digit of each file's name (its SHA-1) into
# $shards shards, each selected alone with --no-shrink (as separate machines would, one after the
# other here), then the union of the shard outputs minimized with the default settings. Records the summed wall time (one
# machine) and the longest shard plus the final run (shards on machines of their own).
run_sharded() {
  local label="whittle corpus --no-shrink on $shards shards, then their union" dir
  dir=$(run_dir "$label")
  rm -rf "$dir" && mkdir -p "$dir/out"
  [[ -n ${labels[$label]:-} ]] || { labels[$label]=1; order+=("$label"); }
  local k longest=0 total=0 wall_s rss_kb user_s sys_s peak=0 cpu_s=0
  for ((k = 0; k < shards; k++)); do mkdir -p "$dir/shard-$k" "$dir/shard-$k-out"; done
  local digit
  for digit in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do
    find "$corpus" -type f -name "$digit*" -print0 | xargs -0 -r cp -l -t "$dir/shard-$((16#$digit % shards))"
  done
  for ((k = 0; k <= shards; k++)); do
    local in=$dir/shard-$k out_dir=$dir/shard-$k-out
    if ((k == shards)); then in=$dir/union out_dir=$dir/out; mkdir -p "$in"; cp "$dir"/shard-*-out/* "$in"/ 2>/dev/null || true; fi
    # The shards only select (the per-file census); shrinking runs once, on what the union keeps.
    local mode=--no-shrink
    ((k < shards)) || mode=
    # shellcheck disable=SC2086
    /usr/bin/time -o "$dir/time-$k" -f '%e %M %U %S' "${whittle_cmd[@]}" $mode --output "$out_dir" "$in" \
      </dev/null >"$dir/stdout-$k" 2>"$dir/log-$k.txt" || echo "corpus-scale: shard $k failed" >&2
    read -r wall_s rss_kb user_s sys_s <"$dir/time-$k" || true
    total=$(awk -v a="$total" -v b="$wall_s" 'BEGIN { print a + b }')
    if ((k < shards)); then longest=$(awk -v a="$longest" -v b="$wall_s" 'BEGIN { print (b > a ? b : a) }'); fi
    ((rss_kb / 1024 > peak)) && peak=$((rss_kb / 1024))
    cpu_s=$(awk -v a="$cpu_s" -v u="$user_s" -v s="$sys_s" 'BEGIN { printf "%.1f", a + u + s }')
  done
  local parallel
  parallel=$(awk -v a="$longest" -v b="$wall_s" 'BEGIN { printf "%.2f", a + b }')
  walls[$label]="${walls[$label]:-} $total"
  sharded_parallel="${sharded_parallel:-} $parallel"
  rss[$label]="${rss[$label]:-} $peak"
  cpu[$label]="${cpu[$label]:-} $cpu_s"
  files[$label]=$(files_of "$dir/out")
  bytes[$label]=$(bytes_of "$dir/out")
  runs[$label]=-
  local got
  got=$(coverage "$dir/out")
  [[ $got == "$original" ]] || same[$label]="$got"
  loads[$label]="${loads[$label]:-} $(cut -d' ' -f1 /proc/loadavg)"
  echo "corpus-scale: $label: ${files[$label]} files, ${bytes[$label]} bytes, $total s in all," \
    "$parallel s with a machine per shard" >&2
}

one_round() {
  local tools=()
  if [[ $jazzer == 1 ]]; then
    tools+=("jazzer -merge=1")
    [[ $setcover == 0 ]] || tools+=("jazzer -merge=1 -set_cover_merge=1")
  fi
  for j in $jobs_list; do
    tools+=("whittle corpus --no-shrink --jobs $j" "whittle corpus --jobs $j")
  done
  if (($1 % 2 == 0)); then # alternate the order per repeat
    local reversed=()
    for ((i = ${#tools[@]} - 1; i >= 0; i--)); do reversed+=("${tools[$i]}"); done
    tools=("${reversed[@]}")
  fi
  [[ $shards == 0 ]] || tools+=("sharded")
  for tool in "${tools[@]}"; do
    case $tool in
      "jazzer -merge=1") run "$tool" "${jazzer_cmd[@]}" -merge=1 "$(run_dir "$tool")/out" "$corpus" ;;
      "jazzer -merge=1 -set_cover_merge=1")
        run "$tool" "${jazzer_cmd[@]}" -merge=1 -set_cover_merge=1 "$(run_dir "$tool")/out" "$corpus" ;;
      sharded) run_sharded ;;
      whittle*)
        local extra=${tool#whittle corpus }
        # shellcheck disable=SC2086
        run "$tool" "${whittle_cmd[@]}" $extra --output "$(run_dir "$tool")/out" "$corpus" ;;
    esac
  done
}
for ((r = 1; r <= repeat; r++)); do
  one_round "$r"
done

{
  echo "$count files, $(bytes_of "$corpus") bytes, made from samples/corpora/$name with seed $seed;" \
    "JaCoCo of the original: $original; REPEAT=$repeat; $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores"
  echo
  echo "| tool | files | bytes | wall s, median (runs) | peak RSS MiB, median (runs) | CPU s, median | Whittle runs | JaCoCo vs original | load (1 min) |"
  echo "|---|---:|---:|---|---|---:|---:|---|---|"
  for label in "${order[@]}"; do
    echo "| $label | ${files[$label]} | ${bytes[$label]} |" \
      "**$(median_of "${walls[$label]}")** (${walls[$label]# }) |" \
      "$(median_of "${rss[$label]}") (${rss[$label]# }) | $(median_of "${cpu[$label]}") |" \
      "${runs[$label]} | ${same[$label]:-=} | ${loads[$label]# } |"
  done
  if [[ $shards != 0 ]]; then
    echo
    echo "With a machine per shard (the longest shard, then the union): $(median_of "$sharded_parallel") s, median ($sharded_parallel )"
  fi
} | tee "$results"
