#!/usr/bin/env bash
# Grows a corpus for one fuzz target with the real Jazzer 0.30.0 standalone driver, from the seeds
# in samples/seeds/<SimpleName>/, and freezes it under samples/corpora/<SimpleName>/ (every file
# named by the SHA-1 of its bytes, as Jazzer names the inputs it adds). Issue 11's benchmark data.
#
#   samples/scripts/grow-corpus.sh TARGET_CLASS [SECONDS]     # default 150 s
#
# TARGET_CLASS is fully qualified, e.g. dev.whittle.samples.corpus.CsvFuzzer. Findings do not end
# the run (--keep_going); the crash files go to the scratch directory, not to the corpus. The run is
# bounded by -max_total_time and seeded (-seed=1), but a time-bounded run is not reproducible
# byte for byte: the frozen corpus is the benchmark's data, this script documents how it was grown.
# SEEDS: another seed directory (e.g. samples/seeds/heldout/<SimpleName> for a held-out target);
# JAZZER_JVM_ARGS: JVM options for Jazzer's JVM (e.g. -Xmx256m, so that an input that allocates
# without bound is an out-of-memory finding rather than a long run).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
[[ $# -ge 1 ]] || { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
target=$1 seconds=${2:-150}
simple=${target##*.}
seeds=${SEEDS:-$root/samples/seeds/$simple}
[[ -d $seeds ]] || { echo "no seeds in $seeds" >&2; exit 2; }
lib=$root/target/jazzer
if [[ ! -f $lib/jazzer-0.30.0.jar ]]; then
  "$root/samples/scripts/jazzer.sh" setup
fi
(cd "$root" && mvn -B -q -ntp -pl samples -am compile dependency:build-classpath \
  -Dmdep.outputFile=target/runtime-classpath.txt -DincludeScope=runtime)
cp=$root/samples/target/classes:$(cat "$root/samples/target/runtime-classpath.txt")

work=$root/target/corpus-work/grow/$simple
rm -rf "$work" && mkdir -p "$work/corpus" "$work/crashes"
cp "$seeds"/* "$work/corpus/"
cd "$work"
status=0
start=$(date +%s)
# shellcheck disable=SC2086  # JAZZER_JVM_ARGS are words
java -XX:-OmitStackTraceInFastThrow ${JAZZER_JVM_ARGS:-} -cp "$lib/jazzer-0.30.0.jar:$lib/jazzer-api-0.30.0.jar:$cp" \
  com.code_intelligence.jazzer.Jazzer --target_class="$target" --keep_going=100000 \
  -artifact_prefix=crashes/ --reproducer_path=crashes -max_total_time="$seconds" -seed=1 \
  corpus >log.txt 2>&1 || status=$?
end=$(date +%s)

out=$root/samples/corpora/$simple
rm -rf "$out" && mkdir -p "$out"
for f in corpus/*; do
  cp "$f" "$out/$(sha1sum "$f" | cut -c1-40)"
done
echo "target:   $target"
echo "time:     $((end - start)) s (exit status $status)"
echo "findings: $(find crashes -name 'crash-*' | wc -l) (distinct DEDUP_TOKENs, in $work/crashes)"
echo "corpus:   $(find "$out" -type f | wc -l) files, $(du -cb "$out"/* | tail -1 | cut -f1) bytes -> $out"
grep -a -E '^#[0-9]+.*(DONE|pulse)' log.txt | tail -1 || true
