#!/usr/bin/env bash
# The test script of one parser crash: exits 0 iff CANDIDATE, run through the crash's fuzz target
# in a fresh JVM, throws the same exception type with the same innermost frames (the signature in
# CRASH.signature: the class name, then up to 3 frames, as CrashCheck prints them).
#
#   samples/scripts/parser-bench/check.sh CRASH [CANDIDATE]
#
# CRASH is samples/crashes/parsers/TARGET/crash-<sha1> (TARGET is the class in
# dev.whittle.samples.parsers); CANDIDATE defaults to CRASH itself. `whittle reduce --test` appends
# the candidate's path; C-Vise runs a script in a directory of its own with no argument, so
# parser-bench.sh gives it a two-line wrapper that names the file. If PARSER_BENCH_COUNTER names a
# file, each run appends one line to it (the count of test runs). The JVM starts cheaply: C1 only,
# serial GC, and a class-data archive of the target's classes in target/parser-lib (made on the
# first run).
set -uo pipefail
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
source "$dir/common.sh"
[[ $# -ge 1 && $# -le 2 ]] || { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
crash=$1 candidate=${2:-$1}
target=$(basename "$(dirname "$crash")")
[[ -n ${PARSER_BENCH_COUNTER:-} ]] && echo run >>"$PARSER_BENCH_COUNTER"
# One archive per target and JDK: a dynamic archive holds only the classes its first run loaded.
archive=$lib/crashcheck-$target-$(readlink -f "$(command -v java)" | cksum | cut -d" " -f1).jsa
cds=(-XX:SharedArchiveFile="$archive")
[[ -f $archive ]] || cds=(-XX:ArchiveClassesAtExit="$archive")
exec timeout -k 1 30 java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto "${cds[@]}" \
  -Xlog:disable -Xlog:all=off -XX:-OmitStackTraceInFastThrow -cp "$(parsers_cp)" \
  dev.whittle.samples.parsers.CrashCheck check "dev.whittle.samples.parsers.$target" \
  "$crash.signature" "$candidate" 2>/dev/null
