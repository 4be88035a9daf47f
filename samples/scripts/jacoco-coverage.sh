#!/usr/bin/env bash
# The independent judge of a corpus's coverage (issue 11): JaCoCo's agent and command line, not
# Whittle's or Jazzer's own instrumentation. Runs every file of the corpus through the fuzz target
# in ONE separate JVM under the JaCoCo agent (dev.whittle.samples.coverage.CoverageRunner, which
# swallows findings and abandons hangs), then has the JaCoCo CLI report on the class files of the
# included packages only, and prints the covered counts on one line:
#
#   lines=N branches=N instructions=N
#
#   samples/scripts/jacoco-coverage.sh --cp CP --target CLASS --include 'PATTERN[:PATTERN...]' \
#       [--timeout-ms N] [--keep DIR] CORPUS_DIR|FILE...
#
# CP: the target's class path (directories and jars; it must contain samples/target/classes for
# the runner, and Jazzer's jar for FuzzedDataProvider targets). PATTERN: JaCoCo class name
# patterns, e.g. 'org.apache.commons.csv.*:dev.whittle.samples.corpus.*' ('*' and '?' match any
# characters, dots included). Only those classes are instrumented and reported. The totals
# (covered of all) go to standard error, with the runner's summary. --timeout-ms (default 60,000)
# bounds one input: one that runs longer is abandoned as a hang, with a warning, since the coverage
# it would have reached after that is missing; keep it far above the slowest input's time. --keep DIR keeps the execution
# data, the class files and the CSV report there. JaCoCo (agent "runtime" and CLI "nodeps", version
# JACOCO_VERSION, default 0.8.14) is fetched from Maven Central into JACOCO_HOME (default
# target/jacoco of the repository) on first use. JAVA selects the JVM (default: java on the PATH).
#
# An input that calls System.exit ends the runner's JVM: the script then starts another one from
# the next input, appending to the same execution data, and says so on standard error.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
version=${JACOCO_VERSION:-0.8.14}
home=${JACOCO_HOME:-$root/target/jacoco}
java=${JAVA:-java}

usage() {
  sed -n '9,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# The class files are taken out of the jars with unzip, which a new machine may lack.
if ! command -v unzip >/dev/null; then
  echo "jacoco-coverage: installing unzip" >&2
  { apt-get update -qq && apt-get install -y -qq unzip; } >&2 || { echo "jacoco-coverage: unzip is missing and could not be installed" >&2; exit 1; }
fi

cp= target= include= keep= timeout=60000
corpus=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --cp) cp=${2:?--cp needs a value}; shift 2 ;;
    --target) target=${2:?--target needs a value}; shift 2 ;;
    --include) include=${2:?--include needs a value}; shift 2 ;;
    --timeout-ms) timeout=${2:?--timeout-ms needs a value}; shift 2 ;;
    --keep) keep=${2:?--keep needs a value}; shift 2 ;;
    --) shift; corpus+=("$@"); break ;;
    -*) echo "jacoco-coverage.sh: unknown option $1" >&2; usage ;;
    *) corpus+=("$1"); shift ;;
  esac
done
[[ -n $cp && -n $target && -n $include && ${#corpus[@]} -gt 0 ]] || usage
for c in "${corpus[@]}"; do
  [[ -e $c ]] || { echo "jacoco-coverage.sh: no such corpus file or directory: $c" >&2; exit 2; }
done

agent=$home/org.jacoco.agent-$version-runtime.jar
cli=$home/org.jacoco.cli-$version-nodeps.jar
if [[ ! -f $agent || ! -f $cli ]]; then
  mkdir -p "$home"
  for artifact in org.jacoco.agent:$version:jar:runtime org.jacoco.cli:$version:jar:nodeps; do
    (cd "$root" && mvn -B -q -ntp -N dependency:copy -Dartifact="org.jacoco:$artifact" \
      -DoutputDirectory="$home") >&2 \
      || { echo "jacoco-coverage.sh: cannot fetch org.jacoco:$artifact" >&2; exit 1; }
  done
fi

if [[ -n $keep ]]; then
  work=$(realpath -m "$keep")  # absolute: the class extraction below changes directory
  rm -rf "$work" && mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/jacoco-coverage.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi

# The class files JaCoCo reports on: the included classes of every class path entry, extracted as
# they are, since JaCoCo matches execution data to the exact class bytes the JVM loaded.
classes=$work/classes
mkdir -p "$classes"
IFS=: read -r -a patterns <<<"$include"
IFS=: read -r -a entries <<<"$cp"
for entry in "${entries[@]}"; do
  [[ -n $entry && -e $entry ]] || continue
  for pattern in "${patterns[@]}"; do
    glob=${pattern//./\/}.class
    if [[ -d $entry ]]; then
      (cd "$entry" && find . -type f -path "./$glob" -print0 | xargs -0 -r cp --parents -t "$classes")
    else
      unzip -q -o "$entry" "$glob" -x 'META-INF/*' -d "$classes" 2>/dev/null || true
    fi
  done
done
if [[ -z $(find "$classes" -name '*.class' -print -quit) ]]; then
  echo "jacoco-coverage.sh: no class of the class path matches --include '$include'" >&2
  exit 2
fi

exec_file=$work/jacoco.exec
skip=0
while :; do
  status=0
  rm -f "$work/progress"
  "$java" -XX:-OmitStackTraceInFastThrow \
    "-javaagent:$agent=destfile=$exec_file,append=true,includes=$include" \
    -cp "$cp" dev.whittle.samples.coverage.CoverageRunner --timeout-ms "$timeout" --skip "$skip" \
    --progress "$work/progress" "$target" "${corpus[@]}" 2>"$work/runner.err" || status=$?
  grep -a '^coverage-runner:' "$work/runner.err" >&2 || true
  if grep -a -q 'hangs=[1-9]' "$work/runner.err"; then
    echo "jacoco-coverage.sh: WARNING: inputs ran past --timeout-ms $timeout and were abandoned;" \
      "what they would have covered after that is missing (raise --timeout-ms)" >&2
  fi
  read -r state index <"$work/progress" 2>/dev/null || state=
  case $state in
    done) break ;;
    exit)
      if ((index < skip)); then
        echo "jacoco-coverage.sh: the target called System.exit before any input ran" >&2
        exit 1
      fi
      echo "jacoco-coverage.sh: input $index called System.exit (status $status); continuing after it" >&2
      skip=$((index + 1))
      ;;
    *)
      echo "jacoco-coverage.sh: the runner failed (status $status):" >&2
      cat "$work/runner.err" >&2
      exit 1
      ;;
  esac
done

"$java" -jar "$cli" report "$exec_file" --classfiles "$classes" --csv "$work/report.csv" \
  --quiet >&2
# CSV columns: GROUP,PACKAGE,CLASS,INSTRUCTION_MISSED,INSTRUCTION_COVERED,BRANCH_MISSED,
# BRANCH_COVERED,LINE_MISSED,LINE_COVERED,...
awk -F, 'NR > 1 { im += $4; ic += $5; bm += $6; bc += $7; lm += $8; lc += $9 }
  END {
    printf "lines=%d branches=%d instructions=%d\n", lc, bc, ic
    printf "of: lines=%d branches=%d instructions=%d\n", lc + lm, bc + bm, ic + im > "/dev/stderr"
  }' "$work/report.csv"
