#!/usr/bin/env bash
# The interestingness test of reduce-bench.sh, the same for C-Vise and `whittle reduce`: exits 0
# iff CANDIDATE, run through the crash's fuzz target in a fresh JVM (plain `java`, the target and
# its libraries on the class path, no agent, no Whittle class), throws the same exception class
# with the same top in-library frame as the original (dev.whittle.samples.bench.LibraryFrame).
#
#   samples/scripts/reduce-bench/interesting.sh CASE_DIR CANDIDATE
#
# CASE_DIR is what reduce-bench.sh wrote for one crash: `target` (the fuzz target's class),
# `jvm` (its heap and stack limits, samples/held-out/jvm-args.tsv), `cp` (the class path: jars
# only, for the class-data archive), `expected` (the original's LibraryFrame line) and
# `classes.jsa` (a class-data archive of the original's run, made by reduce-bench.sh: only to start
# faster; the same for both tools). If REDUCE_BENCH_COUNTER names a file, each run appends a line to
# it: the count of test runs. A run longer than 30 s is not interesting.
set -uo pipefail
[[ $# -eq 2 ]] || { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
case=$1 candidate=$2
[[ -n ${REDUCE_BENCH_COUNTER:-} ]] && echo run >>"$REDUCE_BENCH_COUNTER"
# shellcheck disable=SC2207
jvm=($(cat "$case/jvm"))
cds=()
[[ -f $case/classes.jsa ]] && cds=(-Xshare:auto -XX:SharedArchiveFile="$case/classes.jsa")
line=$(timeout -k 1 30 java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "${cds[@]}" -Xlog:disable \
  -Xlog:all=off -XX:-OmitStackTraceInFastThrow "${jvm[@]}" -cp "$(cat "$case/cp")" \
  dev.whittle.samples.bench.LibraryFrame "$(cat "$case/target")" "$candidate" 2>/dev/null \
  | grep -a -m1 '^library-frame: ')
[[ $line == "$(cat "$case/expected")" ]]
