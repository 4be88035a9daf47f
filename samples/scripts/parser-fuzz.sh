#!/usr/bin/env bash
# Fuzzes a parser target of dev.whittle.samples.parsers with the real Jazzer 0.30.0 standalone
# driver, from the seeds in samples/seeds/parsers/TARGET/, going on after findings
# (--keep_going), bounded in time; the crash files land in target/parser-fuzz/TARGET/SEED/.
#
#   samples/scripts/parser-fuzz.sh setup                       # parser jars, Jazzer, compile
#   samples/scripts/parser-fuzz.sh TARGET [SECONDS] [SEED] [KEEP_GOING]   # 60 s, seed 1, 20
#   samples/scripts/parser-fuzz.sh freeze TARGET CRASH...       # into samples/crashes/parsers
#
# JAZZER_EXTRA_ARGS, if set, goes to Jazzer as more arguments (split on spaces), e.g.
# --disabled_hooks=com.code_intelligence.jazzer.sanitizers.RegexInjection for a target that
# compiles its input as a pattern on purpose.
#
# The crashes under samples/crashes/parsers/ came from such runs (their README says which).
set -euo pipefail
# shellcheck source=parser-bench/common.sh
source "$(dirname "$0")/parser-bench/common.sh"

[[ $# -ge 1 ]] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
if [[ $1 == setup ]]; then
  parsers_setup
  exit 0
fi
parsers_jar
if [[ $1 == freeze ]]; then
  # Copies each crash file (named by its SHA-1, as Jazzer names them) with its signature: the
  # exception type and top 3 frames its test script (parser-bench/check.sh) asks for.
  target=$2
  shift 2
  mkdir -p "$crashes/$target"
  for crash in "$@"; do
    name=crash-$(sha1sum "$crash" | cut -c1-40)
    cp "$crash" "$crashes/$target/$name"
    java -XX:-OmitStackTraceInFastThrow -cp "$(parsers_cp)" dev.whittle.samples.parsers.CrashCheck \
      print "dev.whittle.samples.parsers.$target" "$crash" 3 >"$crashes/$target/$name.signature" \
      || { echo "$crash: no finding" >&2; rm "$crashes/$target/$name"*; continue; }
    echo "$target/$name: $(head -1 "$crashes/$target/$name.signature")"
  done
  exit 0
fi
target=$1 seconds=${2:-60} seed=${3:-1} keep=${4:-20}
[[ -f $lib/jazzer-0.30.0.jar ]] || { echo "run '$0 setup' first" >&2; exit 2; }
dir=$root/target/parser-fuzz/$target/$seed
rm -rf "$dir" && mkdir -p "$dir/corpus"
cp "$root"/samples/seeds/parsers/"$target"/* "$dir/corpus/"
cd "$dir"
status=0
# JAZZER_EXTRA_ARGS is split on spaces on purpose.
# shellcheck disable=SC2086
java -XX:-OmitStackTraceInFastThrow -Xmx512m \
  -cp "$lib/jazzer-0.30.0.jar:$lib/jazzer-api-0.30.0.jar:$(parsers_cp)" \
  com.code_intelligence.jazzer.Jazzer --target_class="dev.whittle.samples.parsers.$target" \
  ${JAZZER_EXTRA_ARGS:-} --keep_going="$keep" -max_total_time="$seconds" -seed="$seed" -timeout=60 -rss_limit_mb=2048 \
  -print_final_stats=1 \
  corpus >log.txt 2>&1 || status=$?
echo "$target seed $seed: exit $status, $(grep -a -c '^== Java Exception' log.txt || true) findings," \
  "$(grep -a -o 'stat::number_of_executed_units: [0-9]*' log.txt | awk '{print $2}') runs"
ls "$dir"/crash-* 2>/dev/null || true
