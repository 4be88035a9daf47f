#!/usr/bin/env bash
# Finds a failing input for one shrinking-challenge problem (samples/src/test/java/dev/whittle/
# samples/junit/challenge) with Jazzer's fuzzing mode through the real JUnit Platform, from one
# libFuzzer seed, and copies the crash file Jazzer wrote (crash-<sha1>, unmodified) into the
# problem's Inputs directory, where ShrinkingChallengeTest asserts its minimum.
#
#   mvn -B -q -ntp install -DskipTests        # once: the samples' test classes and their jars
#   samples/scripts/challenge-inputs.sh Bound5FuzzSample 11
#
# Jazzer runs with -Dwhittle.enabled=false (the crash as found, not shrunk), in a base directory of
# its own under target/challenge-inputs/, on a copy of the test classes without the Inputs
# directories (Jazzer replays what it finds there first). A seed that finds an input already kept
# copies nothing new: the file has the same name.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
problem=$1
seed=$2
work=$root/samples/target/challenge-inputs
classes=$work/test-classes
rm -rf "$classes" "$work/$problem-$seed"
mkdir -p "$work/$problem-$seed/src/test/resources"
cp -r "$root/samples/target/test-classes" "$classes"
rm -rf "$classes"/dev/whittle/samples/junit/challenge/*Inputs
(cd "$root/samples" && mvn -B -q -ntp dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$work/classpath.txt" >/dev/null)
java -XX:-OmitStackTraceInFastThrow -DJAZZER_FUZZ=1 \
  -Djazzer.internal.basedir="$work/$problem-$seed" -Dwhittle.enabled=false \
  -Djazzer.internal.arg.0=fake_argv0 -Djazzer.internal.arg.1=-seed="$seed" \
  -cp "$classes:$root/samples/target/classes:$(cat "$work/classpath.txt")" \
  dev.whittle.samples.junit.FuzzingModeMain "dev.whittle.samples.junit.challenge.$problem" \
  >"$work/$problem-$seed/log.txt" 2>&1
inputs=$root/samples/src/test/resources/dev/whittle/samples/junit/challenge/${problem}Inputs
found=$(find "$work/$problem-$seed/src/test/resources" -name 'crash-*' | head -1)
if [ -z "$found" ]; then
  echo "no failing input found; see $work/$problem-$seed/log.txt" >&2
  exit 1
fi
method=$(ls "$inputs")
cp "$found" "$inputs/$method/"
echo "$problem seed $seed: $(basename "$found") ($(wc -c <"$found") bytes)"
