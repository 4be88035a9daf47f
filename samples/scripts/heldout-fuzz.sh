#!/usr/bin/env bash
# Fuzzes one held-out target (dev.whittle.samples.heldout, issue 20) with the real Jazzer 0.30.0
# standalone driver from its small valid seed, and freezes a crash file it wrote into
# samples/held-out/<Target>/, unmodified (named crash-<sha1>, as Jazzer names it).
#
#   samples/scripts/heldout-fuzz.sh seeds                       # compile, write samples/seeds/heldout/
#   samples/scripts/heldout-fuzz.sh fuzz TARGET [SECONDS] [SEED] # default 90 s, -seed=1
#   samples/scripts/heldout-fuzz.sh freeze TARGET CRASH_FILE
#
# Jazzer runs with JAZZER_JVM_ARGS (default "-Xss256k -Xmx256m": the limits the stack-overflow
# and out-of-memory findings depend on), --keep_going=$KEEP_GOING (default 20 distinct
# DEDUP_TOKENs), -timeout=$TIMEOUT (default 30 s: class loading under instrumentation counts
# toward the first run), in target/heldout-fuzz/<Target>/<SEED>/ (log.txt there). JAZZER_EXTRA:
# more libFuzzer flags, e.g. "-max_len=8192 -len_control=0". The class path is the samples'
# classes and their runtime dependencies (mvn dependency:build-classpath). SEED_FILE: another seed
# than samples/seeds/heldout/<Target>/seed (e.g. a deeply nested one for a stack overflow).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
lib=$root/target/jazzer
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

classpath() {
  if [[ ! -f $lib/jazzer-0.30.0.jar ]]; then
    "$root/samples/scripts/jazzer.sh" setup >&2
  fi
  # NO_BUILD=1: reuse the last compile and class path (several targets in a row).
  [[ ${NO_BUILD:-0} == 1 && -f $root/samples/target/runtime-classpath.txt ]] ||
    (cd "$root" && mvn -B -q -ntp -pl samples -am compile dependency:build-classpath \
    -Dmdep.outputFile=target/runtime-classpath.txt -DincludeScope=runtime) >&2
  echo "$root/samples/target/classes:$(cat "$root/samples/target/runtime-classpath.txt")"
}

case ${1:-} in
  seeds)
    cp=$(classpath)
    java -cp "$cp" dev.whittle.samples.heldout.HeldOutSeeds "$root/samples/seeds/heldout"
    ls -l "$root"/samples/seeds/heldout/*/seed
    ;;
  fuzz)
    [[ $# -ge 2 ]] || usage
    target=$2 seconds=${3:-90} seed=${4:-1}
    cp=$(classpath)
    dir=$root/target/heldout-fuzz/$target/$seed
    rm -rf "$dir" && mkdir -p "$dir/corpus" "$dir/crashes"
    cp "${SEED_FILE:-$root/samples/seeds/heldout/$target/seed}" "$dir/corpus/seed"
    cd "$dir"
    # shellcheck disable=SC2206
    jvm=(${JAZZER_JVM_ARGS:--Xss256k -Xmx256m})
    # shellcheck disable=SC2206
    extra=(${JAZZER_EXTRA:-})
    status=0
    java -XX:-OmitStackTraceInFastThrow "${jvm[@]}" \
      -cp "$lib/jazzer-0.30.0.jar:$lib/jazzer-api-0.30.0.jar:$cp" com.code_intelligence.jazzer.Jazzer \
      --target_class="dev.whittle.samples.heldout.$target" --keep_going="${KEEP_GOING:-20}" -timeout="${TIMEOUT:-30}" \
      -artifact_prefix=crashes/ --reproducer_path=crashes -max_total_time="$seconds" \
      -seed="$seed" "${extra[@]}" corpus >log.txt 2>&1 || status=$?
    echo "exit status $status"
    grep -a -E '^(== Java Exception|DEDUP_TOKEN)' log.txt | sort | uniq -c || true
    ls -l crashes/ 2>/dev/null | grep -v '\.java$' || true
    ;;
  freeze)
    [[ $# -eq 3 ]] || usage
    target=$2 file=$3
    name=crash-$(sha1sum "$file" | cut -c1-40)
    [[ $(basename "$file") == "$name" ]] || { echo "$file is not named $name" >&2; exit 1; }
    mkdir -p "$root/samples/held-out/$target"
    cp "$file" "$root/samples/held-out/$target/$name"
    echo "$root/samples/held-out/$target/$name"
    ;;
  *) usage ;;
esac
