#!/usr/bin/env bash
# Issue 20, section 1: where a short whittle command's time goes. For each whittle.jar given, runs
# `--version`, `--help` and the README's main command (on a copy of the crash directory, since it
# writes next to the crash) RUNS times each, alternating the jars so that a change of load hits
# them alike, and prints per command and jar:
#   - the classes loaded (-Xlog:class+load), in all and from the jar (not from the JDK's CDS archive),
#     and those of picocli and Gson: independent of the machine's load;
#   - the median user+system CPU seconds and wall seconds (/usr/bin/time);
#   - for the main command, the median of each phase of -Dwhittle.phases (wall and process CPU ms),
#     and the fresh JVMs it started.
#
#   samples/scripts/startup.sh [JAR...]      (default jazzer-integration/target/whittle.jar)
#
# RUNS=5 by default. CDS=1 adds, for each jar, the main command with an application class-data
# archive made beforehand by one run with -XX:ArchiveClassesAtExit (JDK 17 and later; JDK 19 and
# later could use -XX:+AutoCreateSharedArchive instead). Needs, built beforehand:
#   mvn -B -q -ntp -o package -DskipTests -pl jazzer-integration,samples -am
# Record the load average printed at the start and the end with any figure: on a busy machine the
# wall times mean little, the CPU times a little more, the class counts and runs the same.
set -u

REPO=$(cd "$(dirname "$0")/../.." && pwd)
JAVA=${JAVA:-java}
RUNS=${RUNS:-5}
CDS=${CDS:-0}
if [ $# -eq 0 ]; then
  set -- "$REPO/jazzer-integration/target/whittle.jar"
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
CRASHES=$REPO/samples/crashes/ChunkedImageFuzzer

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$JAVA" -version 2>&1 | head -1

median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "-"; else print a[int((NR + 1) / 2)]}'; }

# run NAME JAR [JVM options...] -- [whittle arguments...]: one run, its figures into $WORK/NAME.*
run() {
  local name=$1 jar=$2
  shift 2
  local jvm=()
  while [ "$1" != "--" ]; do jvm+=("$1"); shift; done
  shift
  rm -rf "$WORK/crashes" && cp -r "$CRASHES" "$WORK/crashes"
  /usr/bin/time -f '%U %S %e' -o "$WORK/time" "$JAVA" -XX:-OmitStackTraceInFastThrow \
    -Dwhittle.phases -Xlog:class+load:file="$WORK/classes" "${jvm[@]}" -jar "$jar" "$@" \
    >"$WORK/out" 2>"$WORK/err"
  awk '{printf "%.2f\n", $1 + $2}' "$WORK/time" >>"$WORK/$name.cpu"
  awk '{print $3}' "$WORK/time" >>"$WORK/$name.wall"
  grep -c '' "$WORK/classes" >>"$WORK/$name.classes"
  grep -vc 'shared objects file' "$WORK/classes" >>"$WORK/$name.fromjar"
  grep -c '\] picocli\.' "$WORK/classes" >>"$WORK/$name.picocli"
  grep -c '\] com\.google\.gson\.' "$WORK/classes" >>"$WORK/$name.gson"
  sed -n '/^whittle phases/,$p' "$WORK/err" | grep -E '^  [A-Za-z]' | grep -v ':' \
    | sed -E 's/^  (.*[^ ]) +([0-9.]+) +([0-9.]+)$/\1|\2|\3/' >>"$WORK/$name.phases"
  { grep -E '^  fresh JVMs started:' "$WORK/err" | awk '{print $NF}'; echo 0; } | head -1 \
    >>"$WORK/$name.jvms"
}

main_command=(minimize --cp "$REPO/samples/target/classes" --target
  dev.whittle.samples.ChunkedImageFuzzer "$WORK/crashes/")

i=0
for jar in "$@"; do
  i=$((i + 1))
  if [ "$CDS" = 1 ]; then
    rm -rf "$WORK/crashes" && cp -r "$CRASHES" "$WORK/crashes"
    "$JAVA" -XX:ArchiveClassesAtExit="$WORK/jar$i.jsa" -XX:-OmitStackTraceInFastThrow -jar "$jar" \
      "${main_command[@]}" >/dev/null 2>&1
  fi
done
for r in $(seq "$RUNS"); do
  i=0
  for jar in "$@"; do
    i=$((i + 1))
    run "jar$i-version" "$jar" -- --version
    run "jar$i-help" "$jar" -- --help
    run "jar$i-main" "$jar" -- "${main_command[@]}"
    if [ "$CDS" = 1 ]; then
      run "jar$i-main-cds" "$jar" -XX:SharedArchiveFile="$WORK/jar$i.jsa" -- "${main_command[@]}"
    fi
  done
done

i=0
for jar in "$@"; do
  i=$((i + 1))
  echo
  echo "== jar $i: $jar"
  printf '%-10s %8s %8s %8s %8s %6s %8s %8s\n' command classes fromjar picocli gson jvms cpu-s wall-s
  for cmd in version help main main-cds; do
    n="jar$i-$cmd"
    [ -f "$WORK/$n.cpu" ] || continue
    printf '%-10s %8s %8s %8s %8s %6s %8s %8s\n' "$cmd" "$(median <"$WORK/$n.classes")" \
      "$(median <"$WORK/$n.fromjar")" "$(median <"$WORK/$n.picocli")" \
      "$(median <"$WORK/$n.gson")" "$(median <"$WORK/$n.jvms")" "$(median <"$WORK/$n.cpu")" \
      "$(median <"$WORK/$n.wall")"
  done
  for cmd in main main-cds; do
    n="jar$i-$cmd"
    [ -s "$WORK/$n.phases" ] || continue
    echo "phases of $cmd (median of $RUNS; wall ms, process CPU ms):"
    cut -d'|' -f1 "$WORK/$n.phases" | awk '!seen[$0]++' | while read -r phase; do
      wall=$(grep -F "$phase|" "$WORK/$n.phases" | cut -d'|' -f2 | median)
      cpu=$(grep -F "$phase|" "$WORK/$n.phases" | cut -d'|' -f3 | median)
      printf '  %-34s %8s %8s\n' "$phase" "$wall" "$cpu"
    done
  done
done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
