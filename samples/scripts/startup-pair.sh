#!/usr/bin/env bash
# Paired start-up timings of two checkouts (each built with mvn package): BEFORE java -jar, AFTER
# java -jar, AFTER launcher and BEFORE launcher in turn, ROUNDS rounds (default 7), medians of wall
# seconds, for --version, --help and the README's main command. Quiet machine only.
#   samples/scripts/startup-pair.sh BEFORE_CHECKOUT AFTER_CHECKOUT JAVA_HOME
set -u
B=$1; A=$2; JH=$3; ROUNDS=${ROUNDS:-7}
export JAVA_HOME=$JH
J=$JH/bin/java
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export WHITTLE_CDS_DIR=$work/cds
crash=$(ls $A/samples/crashes/ChunkedImageFuzzer/crash-*)
main_args=(minimize --cp $A/samples/target/classes --target dev.whittle.samples.ChunkedImageFuzzer --output $work/o "$crash")
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg); $($J -version 2>&1 | head -1)"
t() { local s=$(date +%s.%N); "$@" >/dev/null 2>&1; local e=$(date +%s.%N); echo "$e - $s" | bc; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for cmd in version help main; do
  case $cmd in version) args=(--version);; help) args=(--help);; main) args=("${main_args[@]}");; esac
  # warm-up, and archives made
  for d in $B $A; do $d/jazzer-integration/target/whittle "${args[@]}" >/dev/null 2>&1; $d/jazzer-integration/target/whittle "${args[@]}" >/dev/null 2>&1; $J -XX:-OmitStackTraceInFastThrow -jar $d/jazzer-integration/target/whittle.jar "${args[@]}" >/dev/null 2>&1; done
  : > $work/bj; : > $work/aj; : > $work/al; : > $work/bl
  for i in $(seq $ROUNDS); do
    t $J -XX:-OmitStackTraceInFastThrow -jar $B/jazzer-integration/target/whittle.jar "${args[@]}" >> $work/bj
    t $J -XX:-OmitStackTraceInFastThrow -jar $A/jazzer-integration/target/whittle.jar "${args[@]}" >> $work/aj
    t $A/jazzer-integration/target/whittle "${args[@]}" >> $work/al
    t $B/jazzer-integration/target/whittle "${args[@]}" >> $work/bl
  done
  printf "%-8s before java -jar %.3f  after java -jar %.3f  after launcher %.3f  before launcher %.3f\n" $cmd $(median < $work/bj) $(median < $work/aj) $(median < $work/al) $(median < $work/bl)
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
