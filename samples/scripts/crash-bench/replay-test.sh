#!/usr/bin/env bash
# The interestingness test crash-bench.sh --reduce gives `whittle reduce`: exits 0 iff CANDIDATE,
# replayed in a fresh JVM by a plain `java` command (dev.whittle.samples.bench.CrashReplay, no
# Whittle class, no agent), prints what the original crash printed: the same root exception and
# top two frames, or for a stack overflow the same recursion. The same check the benchmark's
# fresh-JVM replays make, so a `reduce` result is judged by the identity it was reduced under.
#
#   samples/scripts/crash-bench/replay-test.sh CASE_DIR CANDIDATE
#
# CASE_DIR holds `target` (the fuzz target's class), `jvm` (its heap and stack limits from
# samples/held-out/jvm-args.tsv), `cp` (the replay class path) and `expected` (the original's
# CrashReplay line). A run longer than 60 s is not interesting. If REPLAY_TEST_COUNTER names a
# file, each run appends a line to it: the count of test runs.
set -uo pipefail
[[ $# -eq 2 ]] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
case=$1 candidate=$2
[[ -n ${REPLAY_TEST_COUNTER:-} ]] && echo run >>"$REPLAY_TEST_COUNTER"
read -r -a jvm <"$case/jvm"  # heap and stack options, one line of words
line=$(timeout -k 1 60 java -XX:-OmitStackTraceInFastThrow \
  "${jvm[@]}" -cp "$(cat "$case/cp")" dev.whittle.samples.bench.CrashReplay "$(cat "$case/target")" \
  "$candidate" 2>/dev/null | grep -a -m1 '^crash-replay: ' | sed 's/^crash-replay: //')
[[ $line == "$(cat "$case/expected")" ]]
