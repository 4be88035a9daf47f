#!/usr/bin/env bash
# Runs the real Jazzer 0.30.0 (the standalone driver from Maven Central) on the sample targets:
# fuzzing from the committed seeds, replaying one input, and Jazzer's own crash minimization
# (-minimize_crash=1), the baseline Whittle is compared with (docs/dev/jazzer-baseline.md).
#
#   samples/scripts/jazzer.sh setup                              # fetch Jazzer, compile samples
#   samples/scripts/jazzer.sh fuzz TARGET [SECONDS]              # default 120 s
#   samples/scripts/jazzer.sh replay TARGET FILE                 # one JVM, prints DEDUP_TOKEN
#   samples/scripts/jazzer.sh minimize TARGET CRASH [SECONDS]    # default 60 s per round
#
# TARGET is a simple class name in dev.whittle.samples, e.g. ChunkedImageFuzzer. Everything runs
# in scratch directories under target/jazzer-work/ of the repository root (ignored by git), since
# Jazzer writes crash files, Java reproducers and minimization rounds to its working directory.
# Set JAZZER_JVM_ARGS for heap and stack limits, e.g. JAZZER_JVM_ARGS="-Xss256k".
# `minimize` needs strace (to count JVM starts) and GNU time: apt-get install strace time.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
lib=$root/target/jazzer
work=$root/target/jazzer-work
classpath=$lib/jazzer-0.30.0.jar:$lib/jazzer-api-0.30.0.jar:$root/samples/target/classes
# JAZZER_JVM_ARGS: extra JVM options such as heap and stack limits (-Xmx128m -Xss256k), which
# resource findings (OutOfMemoryError, StackOverflowError) depend on. Unquoted on purpose: words.
# shellcheck disable=SC2206
jazzer=(java -XX:-OmitStackTraceInFastThrow ${JAZZER_JVM_ARGS:-} -cp "$classpath" com.code_intelligence.jazzer.Jazzer)

usage() {
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

need_setup() {
  if [[ ! -f $lib/jazzer-0.30.0.jar || ! -d $root/samples/target/classes/dev ]]; then
    echo "run '$0 setup' first" >&2
    exit 2
  fi
}

# Prints the DEDUP_TOKEN Jazzer reports for FILE against TARGET (empty if none), in a scratch dir.
token_of() {
  local target=$1 file=$2 dir
  dir=$(mktemp -d "$work/replay.XXXXXX")
  cp "$file" "$dir/input"
  (cd "$dir" && "${jazzer[@]}" --target_class="dev.whittle.samples.$target" input >log.txt 2>&1 || true)
  grep -a -m1 '^DEDUP_TOKEN:' "$dir/log.txt" | awk '{print $2}' || true
  rm -rf "$dir"
}

cmd=${1:-}
case $cmd in
  setup)
    cd "$root"
    mvn -B -q -ntp -N dependency:copy \
      -Dartifact=com.code-intelligence:jazzer:0.30.0 -DoutputDirectory=target/jazzer
    mvn -B -q -ntp -N dependency:copy \
      -Dartifact=com.code-intelligence:jazzer-api:0.30.0 -DoutputDirectory=target/jazzer
    mvn -B -q -ntp -pl samples -am compile
    ;;

  fuzz)
    [[ $# -ge 2 ]] || usage
    need_setup
    target=$2 seconds=${3:-120}
    dir=$work/fuzz/$target
    rm -rf "$dir" && mkdir -p "$dir/corpus"
    cp "$root/samples/seeds/$target/seed" "$dir/corpus/"
    cd "$dir"
    status=0
    "${jazzer[@]}" --target_class="dev.whittle.samples.$target" \
      -max_total_time="$seconds" -seed=1 corpus >log.txt 2>&1 || status=$?
    grep -a -A12 '^== Java Exception' log.txt || echo "no finding (exit status $status)"
    ls -l "$dir"/crash-* 2>/dev/null || true
    ;;

  replay)
    [[ $# -eq 3 ]] || usage
    need_setup
    mkdir -p "$work"
    dir=$(mktemp -d "$work/replay.XXXXXX")
    cp "$3" "$dir/input"
    cd "$dir"
    # Jazzer exits 77 on a finding; with pipefail that must not read as grep finding nothing.
    { "${jazzer[@]}" --target_class="dev.whittle.samples.$2" input 2>&1 || true; } \
      | grep -a -A12 '^== Java Exception' || echo "no finding"
    rm -rf "$dir"
    ;;

  minimize)
    [[ $# -ge 3 ]] || usage
    need_setup
    command -v strace >/dev/null || { echo "minimize needs strace" >&2; exit 2; }
    [[ -x /usr/bin/time ]] || { echo "minimize needs GNU time (/usr/bin/time)" >&2; exit 2; }
    target=$2 crash=$(realpath "$3") seconds=${4:-60}
    dir=$work/minimize/$target-$(basename "$crash")
    rm -rf "$dir" && mkdir -p "$dir/run"
    cp "$crash" "$dir/run/input"
    tmp=${TMPDIR:-/tmp}
    find "$tmp" -maxdepth 1 -print | sort >"$dir/tmp-before.txt"
    (
      cd "$dir/run"
      /usr/bin/time -v -o ../time.txt \
        strace -f -qq -s 4096 -e trace=execve -e signal=none -o ../execve.txt \
        "${jazzer[@]}" --target_class="dev.whittle.samples.$target" \
        -minimize_crash=1 -max_total_time="$seconds" input >../log.txt 2>&1 || true
    )
    find "$tmp" -maxdepth 1 -print | sort >"$dir/tmp-after.txt"
    # The result is the input of the last round: the one it failed to shrink, or the one at which
    # the dedup token changed.
    final=$(grep -a -o "failed to minimize beyond [^ ]*" "$dir/log.txt" | tail -1 | awk '{print $5}' || true)
    if [[ -z $final ]]; then
      final=$(grep -a -o "minimizing crash input: '[^']*'" "$dir/log.txt" | tail -1 | cut -d"'" -f2 || true)
    fi
    final_path=$dir/run/${final#./}
    wall=$(grep 'Elapsed (wall clock)' "$dir/time.txt" | awk '{print $NF}' || true)
    jvms=$(grep -a -E 'execve\("[^"]*/java", ' "$dir/execve.txt" | grep -c ' = 0$' || true)
    attachers=$(grep -a -E 'execve\("[^"]*/java", .*bytebuddy' "$dir/execve.txt" | grep -c ' = 0$' || true)
    rounds=$(grep -a -c 'minimize_crash_internal_step=1' "$dir/log.txt" || true)
    original_token=$(token_of "$target" "$crash")
    final_token=$(token_of "$target" "$final_path")
    echo "target:          $target"
    echo "input:           $crash ($(stat -c %s "$crash") bytes, token $original_token)"
    echo "wall time:       $wall (m:ss)"
    echo "JVM starts:      $jvms (1 parent, $attachers agent attacher(s), $((jvms - 1 - attachers)) relaunched)"
    echo "minimize rounds: $rounds"
    grep -a -m1 'mismatch in dedup tokens' "$dir/log.txt" | sed 's/^/stopped:         /' || true
    echo "final:           $final_path ($(stat -c %s "$final_path") bytes, token $final_token)"
    if [[ -n $original_token && $original_token == "$final_token" ]]; then
      echo "token kept:      yes"
    else
      echo "token kept:      NO"
    fi
    echo "stray files in the working directory $dir/run:"
    echo "  $(find "$dir/run" -name 'Crash_*.java' | wc -l) x Crash_<sha1>.java," \
      "$(find "$dir/run" -name 'minimized-from-*' | wc -l) x minimized-from-<sha1>," \
      "others: $(cd "$dir/run" && ls | grep -v -E '^(input|Crash_.*\.java|minimized-from-.*)$' \
        | tr '\n' ' ')"
    # Other processes may create files in $tmp meanwhile: only names Jazzer uses are listed.
    echo "new files in $tmp left by Jazzer (jazzer-*, byteBuddyAgent*, rules_jni.*):"
    comm -13 "$dir/tmp-before.txt" "$dir/tmp-after.txt" \
      | grep -E '/(jazzer|byteBuddyAgent|rules_jni)' | sed 's/^/  /' || echo "  none"
    ;;

  *)
    usage
    ;;
esac
