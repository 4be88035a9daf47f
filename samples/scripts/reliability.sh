#!/usr/bin/env bash
# The cases of issue 17 ("Reliability: the faults a new user's hostile and mistaken use finds"),
# run against a whittle.jar, one table row per case: what was run, the exit code, the first line
# of the message, whether the original files are intact (checksums before and after), what was
# left behind (processes, temporary files) and a verdict. docs/dev/reliability.md holds the table.
#
#   samples/scripts/reliability.sh [WHITTLE_JAR]          (default jazzer-integration/target/whittle.jar)
#
# Needs, built beforehand (nothing here builds Whittle):
#   mvn -B -q -ntp -o package -DskipTests -pl jazzer-integration,samples -am
# for the jar, samples/target/classes (the sample targets and crashes) and
# junit-extension/target/classes (case 1, the JUnit extension, which runs on the class path of the
# samples' tests with the repository's own classes in place of any installed Whittle).
#
# Everything the cases write goes into one mktemp directory, removed at the end (KEEP=1 keeps it
# and prints where). Every case runs under `timeout`: a case that hangs is killed and reported as
# such. Small hostile targets are compiled here with javac against the jar. Running as root, the
# cases about unreadable files and read-only directories run Whittle as user nobody (setpriv), since
# root reads and writes through any mode. ONLY=3,7b runs only those cases.
#
# The verdict of each case is what issue 17 asks of it (see each case's comment); PASS/FAIL need no
# editing after the fixes. Timings are not measured: the machine may be busy.
set -u

REPO=$(cd "$(dirname "$0")/../.." && pwd)
JAR_ARG=${1:-$REPO/jazzer-integration/target/whittle.jar}
JAVA=${JAVA:-java}
JAVAC=${JAVAC:-javac}
SAMPLES=$REPO/samples/target/classes
ONLY=${ONLY:-}
[ -f "$JAR_ARG" ] || { echo "no whittle jar at $JAR_ARG; build it first (see the header)" >&2; exit 2; }
[ -d "$SAMPLES" ] || { echo "no $SAMPLES; build the samples first (see the header)" >&2; exit 2; }

W=$(mktemp -d "${TMPDIR:-/tmp}/whittle-reliability.XXXXXX")
chmod 755 "$W"
cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then echo "scratch kept in $W" >&2; else chmod -R u+rwX "$W" 2>/dev/null; rm -rf "$W"; fi
}
trap cleanup EXIT
cp "$JAR_ARG" "$W/whittle.jar" && chmod 644 "$W/whittle.jar"
JAR=$W/whittle.jar
cp -r "$SAMPLES" "$W/samples-classes" && chmod -R a+rX "$W/samples-classes"
mkdir -p "$W/bin" "$W/targets"

# ---------------------------------------------------------------------------------------------
# Helpers. Each case works in its own directory C with a private java.io.tmpdir CT; after it, the
# processes whose command line names C are counted as orphans (and ended, by PID), the files left
# in CT and any *.tmp under C are counted as temporary files left behind.

NOBODY=()
if [ "$(id -u)" = 0 ]; then NOBODY=(setpriv --reuid=65534 --regid=65534 --clear-groups); fi

new_case() { # ID: sets C, CT, and clears the row's fields
  ID=$1; C=$W/c$ID; CT=$C/tmp; mkdir -p "$CT"; chmod 777 "$C" "$CT"
  RC=-; MSG=; INTACT=n/a; LEFT=; VERDICT=; NOTE=; TIMED_OUT=0
}

want() { # ID: whether ONLY selects the case
  [ -z "$ONLY" ] && return 0
  case ",$ONLY," in *",$1,"*) return 0 ;; esac
  return 1
}

whittle() { # the whittle command line of the case (JVM options first, through JVM_OPTS)
  echo "$JAVA ${JVM_OPTS:-} -XX:-OmitStackTraceInFastThrow -Djava.io.tmpdir=$CT -jar $JAR"
}

run_signal() { # LIMIT SIGNAL CONDITION CMD...: sends SIGNAL once CONDITION holds; sets RC
  local limit=$1 sig=$2 cond=$3 pid guard
  shift 3
  # A background command of a script starts with SIGINT ignored; env gives it back its default.
  env --default-signal=INT "$@" >"$C/out" 2>"$C/err" </dev/null &
  pid=$!
  (sleep "$limit" & s=$!; trap 'kill $s; exit' TERM; wait $s; kill -KILL "$pid" 2>/dev/null && touch "$C/.killed") &
  guard=$!
  while kill -0 "$pid" 2>/dev/null; do
    if eval "$cond"; then kill -s "$sig" "$pid"; break; fi
    sleep 0.2
  done
  wait "$pid"; RC=$?
  kill "$guard" 2>/dev/null; wait "$guard" 2>/dev/null
  [ -e "$C/.killed" ] && TIMED_OUT=1
}

run() { # LIMIT CMD...: runs under timeout, stdout/stderr to $C/out and $C/err; sets RC
  local limit=$1; shift
  timeout -k 5 "$limit" "$@" >"$C/out" 2>"$C/err" </dev/null
  RC=$?
  if [ "$RC" = 124 ] || [ "$RC" = 137 ]; then TIMED_OUT=1; fi
}

checksum() { # PATH...: one checksum over the files' names, modes and contents
  local p
  for p in "$@"; do
    find "$p" -type f -print0 2>/dev/null | sort -z | xargs -0 -r sha256sum
    find "$p" -printf '%p %m\n' 2>/dev/null | sort
  done | sha256sum | cut -c1-16
}

# Lines that only say what is going on: progress, and the JVM's own warnings.
PROGRESS='^whittle: (minimizing |corpus: [0-9,]+ distinct|[0-9,]+ test runs, |warning: run java with|Jazzer.s bug detectors installed)|VM warning'
first_line() { # the first line of the message: whittle's own if any, else the first non-empty one
  local line
  line=$(grep -E '^whittle: ' "$C/err" 2>/dev/null | grep -m1 -vE "$PROGRESS")
  [ -z "$line" ] && line=$(grep -E '^whittle: ' "$C/out" 2>/dev/null | grep -m1 -vE "$PROGRESS")
  [ -z "$line" ] && line=$(grep -vE "^\s*$|$PROGRESS" "$C/err" 2>/dev/null | head -1)
  [ -z "$line" ] && line=$(grep -vE "^\s*$|$PROGRESS" "$C/out" 2>/dev/null | head -1)
  line=${line//|/\\|}
  line=${line//$W/…}
  printf '%s' "${line:0:110}"
}

leftovers() { # sets LEFT from the case's orphans and temporary files; ends the orphans
  local pids n_proc n_tmp
  sleep 0.5
  pids=$(pgrep -f -- "$C/|$W/bin/" || true)
  n_proc=$(echo "$pids" | grep -c . || true)
  [ -n "$pids" ] && kill $pids 2>/dev/null
  n_tmp=$(( $(find "$CT" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l) + $(find "$C" -path "$CT" -prune -o -name '*.tmp' -print 2>/dev/null | wc -l) ))
  LEFT=
  [ "$n_proc" -gt 0 ] && LEFT="$n_proc processes"
  [ "$n_tmp" -gt 0 ] && LEFT="${LEFT:+$LEFT, }$n_tmp temp files"
  [ -z "$LEFT" ] && LEFT=none
  ORPHANS=$n_proc
}

intact() { # BEFORE PATH...: sets INTACT
  if [ "$1" = "$(checksum "${@:2}")" ]; then INTACT=yes; else INTACT=NO; fi
}

err_has() { grep -qiE -- "$1" "$C/err" "$C/out" 2>/dev/null; }

verdict() { # CONDITION-RESULT (0 = pass)
  if [ "$TIMED_OUT" = 1 ]; then VERDICT="FAIL (killed by timeout)"; return; fi
  if [ "$1" = 0 ]; then VERDICT=PASS; else VERDICT=FAIL; fi
}

ROWS=()
row() { # ID CASE COMMAND
  local msg; msg=$(first_line)
  [ -n "$NOTE" ] && msg="$msg ($NOTE)"
  ROWS+=("| $1 | $2 | \`$3\` | $RC | $msg | $INTACT | $LEFT | $VERDICT |")
  echo "${ROWS[-1]}" >&2
}

# ---------------------------------------------------------------------------------------------
# Test commands and hostile targets.

# Copies of sleep under names of their own, so that what is left running can be told apart.
for name in pgroup session hang; do cp "$(command -v sleep)" "$W/bin/sleep-$name"; done
cat >"$W/bin/orphans.sh" <<EOF
#!/bin/sh
# A test command that leaves a child in its process group and one in a session of its own.
( $W/bin/sleep-pgroup 300 ) &
setsid $W/bin/sleep-session 301 &
grep -q SELECT "\$1"
EOF
cat >"$W/bin/alternate.sh" <<EOF
#!/bin/sh
# Interesting on every other call: a flaky test.
n=\$(cat "$W/bin/alternate.count" 2>/dev/null || echo 0); n=\$((n + 1)); echo \$n >"$W/bin/alternate.count"
[ \$((n % 2)) = 1 ] && grep -q SELECT "\$1"
EOF
cat >"$W/bin/random.sh" <<'EOF'
#!/bin/bash
# Interesting half of the time, at random.
[ $((RANDOM % 2)) = 0 ] && grep -q SELECT "$1"
EOF
cat >"$W/bin/slow.sh" <<'EOF'
#!/bin/sh
sleep "${SLOW:-0.2}"; grep -q SELECT "$1"
EOF
cat >"$W/bin/hang.sh" <<EOF
#!/bin/sh
# Interesting when the candidate keeps SELECT; hangs otherwise.
grep -q SELECT "\$1" && exit 0
exec $W/bin/sleep-hang 100
EOF
cat >"$W/bin/rmdir.sh" <<EOF
#!/bin/sh
# Deletes the private directory of its candidate file, after saying yes once (never outside W).
case "\$1" in $W/*) ;; *) exit 1 ;; esac
grep -q SELECT "\$1" || exit 1
[ -e "\$(dirname "\$1")/.seen" ] && rm -rf "\$(dirname "\$1")"
touch "\$(dirname "\$1")/.seen" 2>/dev/null
exit 0
EOF
chmod 755 "$W"/bin/*.sh

mkdir -p "$W/targets/src/rel"
t() { cat >"$W/targets/src/rel/$1.java"; }
t ExitOnShort <<'EOF'
package rel;
/** System.exit(3) on short inputs, ArrayIndexOutOfBoundsException on 100 bytes or more. */
public class ExitOnShort {
  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length > 0 && data.length < 100) System.exit(3);
    if (data.length >= 100) { int[] small = new int[16]; small[data.length % 16 + 16] = 1; }
  }
}
EOF
t HaltOnShort <<'EOF'
package rel;
public class HaltOnShort {
  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length > 0 && data.length < 100) Runtime.getRuntime().halt(3);
    if (data.length >= 100) { int[] small = new int[16]; small[data.length % 16 + 16] = 1; }
  }
}
EOF
t Hang <<'EOF'
package rel;
/** Throws on X; hangs on 2 to 4 bytes without it. */
public class Hang {
  public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
    for (byte b : data) if (b == 'X') throw new IllegalStateException("X");
    if (data.length >= 2 && data.length <= 4) Thread.sleep(Long.MAX_VALUE);
  }
}
EOF
t Spin <<'EOF'
package rel;
/** Throws on X; spins on 3 bytes without it. */
public class Spin {
  static volatile long sink;
  public static void fuzzerTestOneInput(byte[] data) {
    for (byte b : data) if (b == 'X') throw new IllegalStateException("X");
    if (data.length == 3) while (true) sink++;
  }
}
EOF
t Slow <<'EOF'
package rel;
/** Throws on X, after 200 ms per call. */
public class Slow {
  public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
    Thread.sleep(200);
    for (byte b : data) if (b == 'X') throw new IllegalStateException("X");
  }
}
EOF
t Helper <<'EOF'
package rel;
/** Deleted after compilation: the target's calls into it are linkage errors. */
public class Helper {
  public static int parse(byte[] data) { return data.length; }
}
EOF
t NeedsHelper <<'EOF'
package rel;
/** Calls a class missing from the class path on inputs of 2 bytes or more; throws on "!". */
public class NeedsHelper {
  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length == 1 && data[0] == '!') throw new IllegalStateException("bang");
    if (data.length >= 2) Helper.parse(data);
  }
}
EOF
t BadStatic <<'EOF'
package rel;
/** A static initializer that fails, and no fuzzerInitialize. */
public class BadStatic {
  static final int LIMIT = Integer.parseInt(System.getProperty("no.such.limit", "not-a-number"));
  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length > LIMIT) throw new IllegalStateException();
  }
}
EOF
t MissingInStatic <<'EOF'
package rel;
/** Its static initializer calls a class deleted after compilation; no fuzzerInitialize. */
public class MissingInStatic {
  static final int N = Helper.parse(new byte[0]);
  public static void fuzzerTestOneInput(byte[] data) {}
}
EOF
t Hoard <<'EOF'
package rel;
/** Holds 1 MB arrays until the heap is full, or 3 GB are held; only on inputs with an M. */
public class Hoard {
  public static void fuzzerTestOneInput(byte[] data) {
    boolean m = false;
    for (byte b : data) m |= b == 'M';
    if (!m) return;
    java.util.List<long[]> hoard = new java.util.ArrayList<>();
    for (int i = 0; i < 3072; i++) hoard.add(new long[1 << 17]);
  }
}
EOF
t ThrowOnX <<'EOF'
package rel;
public class ThrowOnX {
  public static void fuzzerTestOneInput(byte[] data) {
    for (byte b : data) if (b == 'X') throw new IllegalStateException("X");
  }
}
EOF
mkdir -p "$W/targets/classes"
if ! "$JAVAC" -nowarn -d "$W/targets/classes" -cp "$JAR" "$W"/targets/src/rel/*.java 2>"$W/targets/javac.err"; then
  cat "$W/targets/javac.err" >&2; exit 1
fi
rm "$W/targets/classes/rel/Helper.class"
chmod -R a+rX "$W/targets"
TCP=$W/targets/classes

crash() { # DIR SIZE CHAR
  mkdir -p "$1"
  { head -c $(($2 / 2)) /dev/zero | tr '\0' 'a'; printf '%s' "$3"; head -c $(($2 - $2 / 2 - ${#3})) /dev/zero | tr '\0' 'b'; } >"$1/in.bin"
  mv "$1/in.bin" "$1/crash-$(sha1sum <"$1/in.bin" 2>/dev/null | cut -c1-40)" 2>/dev/null
}
select_html() { # FILE: a web page with a SELECT tag somewhere inside
  { for i in $(seq 1 40); do echo "<p>paragraph $i of the page, nothing to see</p>"; done
    echo '<form><SELECT name="x"><option>1</option></SELECT></form>'
    for i in $(seq 41 60); do echo "<p>paragraph $i</p>"; done; } >"$1"
}

# ---------------------------------------------------------------------------------------------
# Cases that worked before issue 17's fixes (the issue's first paragraph): they must keep working.

if want w1; then new_case w1 # missing input: exit 3 naming the file
  run 60 $(whittle) reduce --test true "$C/missing.html"
  leftovers; err_has "missing.html"; verdict $(( $? || RC != 3 ))
  row w1 "missing input (reduce)" "reduce --test true missing.html"
fi

if want w2; then new_case w2 # missing crash file: exit 3 naming it
  run 60 $(whittle) minimize --cp "$TCP" --target rel.ThrowOnX "$C/crash-missing"
  leftovers; err_has "crash-missing"; verdict $(( $? || RC != 3 ))
  row w2 "missing crash file (minimize)" "minimize ... crash-missing"
fi

if want w3; then new_case w3 # unreadable input (as nobody when root): exit 3 naming the file
  select_html "$C/page.html"; chmod 000 "$C/page.html"; before=$(checksum "$C/page.html")
  run 60 "${NOBODY[@]}" $(whittle) reduce --test grep -q SELECT "$C/page.html"
  intact "$before" "$C/page.html"; leftovers; err_has "page.html"; verdict $(( $? || RC != 3 ))
  row w3 "unreadable input (reduce)" "reduce ... page.html (mode 000)"
fi

if want w4; then new_case w4 # bad duration: usage error naming the value
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  run 60 $(whittle) reduce --timeout 5x --test grep -q SELECT "$C/page.html"
  intact "$before" "$C/page.html"; leftovers; err_has "5x"; verdict $(( $? || RC != 2 ))
  row w4 "bad duration (reduce)" "reduce --timeout 5x ..."
  new_case w4b
  crash "$C/crashes" 50 X; before=$(checksum "$C"/crashes/crash-*)
  run 60 $(whittle) minimize --cp "$TCP" --target rel.ThrowOnX --deadline soon "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers; err_has "soon"; verdict $(( $? || RC != 2 ))
  row w4b "bad duration (minimize)" "minimize --deadline soon ..."
fi

if want w5; then new_case w5 # --output equal to the input: usage error, input untouched
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  run 60 $(whittle) reduce --output "$C/page.html" --test grep -q SELECT "$C/page.html"
  intact "$before" "$C/page.html"; leftovers; verdict $(( RC != 2 ))
  row w5 "--output equal to INPUT" "reduce --output page.html ... page.html"
fi

if want w6; then new_case w6 # a hanging test command with --timeout: reduced, nothing left running
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  run 300 $(whittle) reduce --timeout 300ms --max-runs 60 --test "$W/bin/hang.sh" "$C/page.html"
  intact "$before" "$C/page.html"; leftovers
  verdict $(( RC != 0 || ORPHANS != 0 ))
  row w6 "hung test command (reduce)" "reduce --timeout 300ms --test hang.sh ..."
fi

if want w7; then for target in Hang Spin; do new_case "w7-$target" # hung/spinning target: minimized
  crash "$C/crashes" 40 X; before=$(checksum "$C"/crashes/crash-*)
  run 300 $(whittle) minimize --cp "$TCP" --target "rel.$target" --timeout 1s "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  ls "$C"/crashes/minimized-* >/dev/null 2>&1; verdict $(( $? || RC != 0 ))
  row "w7-$target" "$( [ $target = Hang ] && echo hung || echo spinning) target (minimize)" "minimize --target $target --timeout 1s"
done; fi

if want w8; then new_case w8 # stack overflow with limits given: minimized and verified in fresh JVMs
  cp -r "$REPO/samples/crashes/NestedListFuzzer" "$C/crashes"; before=$(checksum "$C"/crashes/crash-*)
  run 600 $(JVM_OPTS="-Xss144k -Xmx128m" whittle) minimize --cp "$W/samples-classes" \
    --target dev.whittle.samples.NestedListFuzzer "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  ls "$C"/crashes/minimized-* >/dev/null 2>&1; verdict $(( $? || RC != 0 ))
  row w8 "stack overflow, -Xss144k -Xmx128m" "minimize NestedListFuzzer"
fi

if want w9; then new_case w9 # out of memory with limits given: minimized and verified
  cp -r "$REPO/samples/crashes/TileHeaderFuzzer" "$C/crashes"; before=$(checksum "$C"/crashes/crash-*)
  run 600 $(JVM_OPTS="-Xss256k -Xmx128m" whittle) minimize --cp "$W/samples-classes" \
    --target dev.whittle.samples.TileHeaderFuzzer "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  ls "$C"/crashes/minimized-* >/dev/null 2>&1; verdict $(( $? || RC != 0 ))
  row w9 "out of memory, -Xss256k -Xmx128m" "minimize TileHeaderFuzzer"
fi

if want w10; then for target in ExitOnShort HaltOnShort; do new_case "w10-$target" # exit in the target
  crash "$C/crashes" 205 X; before=$(checksum "$C"/crashes/crash-*)
  run 300 $(whittle) minimize --cp "$TCP" --target "rel.$target" "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  ls "$C"/crashes/minimized-* >/dev/null 2>&1; verdict $(( $? || RC != 0 ))
  row "w10-$target" "$( [ $target = ExitOnShort ] && echo System.exit || echo Runtime.halt) in the target (minimize)" "minimize --target $target"
done; fi

if want w11; then new_case w11 # Ctrl-C in reduce: exit 130, the best result so far kept
  select_html "$C/page.html"; before=$(checksum "$C/page.html"); size=$(stat -c %s "$C/page.html")
  run 120 timeout --preserve-status -s INT 6 $(whittle) reduce --test "$W/bin/slow.sh" "$C/page.html"
  intact "$before" "$C/page.html"; leftovers
  r=$C/page.html.reduced
  NOTE="result $(stat -c %s "$r" 2>/dev/null || echo none) of $size bytes"
  [ -f "$r" ] && [ "$(stat -c %s "$r")" -lt "$size" ] && grep -q SELECT "$r"; verdict $(( $? || RC != 130 ))
  row w11 "Ctrl-C (SIGINT) in reduce" "reduce --test slow.sh ... (SIGINT at 6 s)"
fi

if want w12; then new_case w12 # Ctrl-C in minimize: exit 130, the smallest input so far written
  crash "$C/crashes" 3000 X; before=$(checksum "$C"/crashes/crash-*)
  run 120 timeout --preserve-status -s INT 8 $(whittle) minimize --cp "$TCP" --target rel.Slow "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  ls "$C"/crashes/minimized-* "$C"/crashes/unverified-* 2>/dev/null | grep -q .; verdict $(( $? || RC != 130 ))
  row w12 "Ctrl-C (SIGINT) in minimize" "minimize --target Slow (SIGINT at 8 s)"
fi

slow_corpus() { # DIR: inputs of rel.Slow (200 ms a run), long enough that shrinking takes a while
  mkdir -p "$1"; local i
  for i in 1 2 3 4 5; do head -c 200 /dev/zero | tr '\0' "$(printf "\\$((140 + i))")" >"$1/in$i"; done
}

corpus_consistent() { # DIR: every file named by the SHA-1 of its content, no temporary files
  local f bad=0
  [ -d "$1" ] || return 0
  for f in "$1"/*; do
    [ -e "$f" ] || continue
    [ "$(basename "$f")" = "$(sha1sum <"$f" | cut -c1-40)" ] || bad=$((bad + 1))
  done
  return $bad
}

if want w13; then new_case w13 # Ctrl-C in corpus: exit 130, the output a usable corpus
  slow_corpus "$C/corpus"; before=$(checksum "$C/corpus")
  run_signal 300 INT '[ -n "$(ls -A "$C/min" 2>/dev/null)" ] && sleep 1' $(whittle) corpus --cp "$TCP" \
    --max-time-per-file 60s --target rel.Slow --output "$C/min" "$C/corpus"
  intact "$before" "$C/corpus"; leftovers
  NOTE="$(ls "$C/min" 2>/dev/null | wc -l) files out"
  corpus_consistent "$C/min"; verdict $(( $? || RC != 130 ))
  row w13 "Ctrl-C (SIGINT) in corpus" "corpus --target Slow (SIGINT 1 s after the first output file)"
fi

if want w14; then new_case w14 # SIGKILL in corpus: what is in the output is consistent
  slow_corpus "$C/corpus"; before=$(checksum "$C/corpus")
  run_signal 300 KILL '[ -n "$(ls -A "$C/min" 2>/dev/null)" ] && sleep 1' $(whittle) corpus --cp "$TCP" \
    --max-time-per-file 60s --target rel.Slow --output "$C/min" "$C/corpus"
  intact "$before" "$C/corpus"; leftovers
  NOTE="$(ls "$C/min" 2>/dev/null | wc -l) files out"
  corpus_consistent "$C/min"; verdict $?
  row w14 "SIGKILL in corpus" "corpus --target Slow (SIGKILL 1 s after the first output file)"
fi

if want w15; then new_case w15 # a broken grammar: usage error naming the file
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  printf 'grammar Broken;\nstart : ( ;\n' >"$C/Broken.g4"
  run 120 $(whittle) reduce --grammar "$C/Broken.g4" --test grep -q SELECT "$C/page.html"
  intact "$before" "$C/page.html"; leftovers; err_has "Broken.g4"; verdict $(( $? || RC != 2 ))
  row w15 "broken .g4 grammar" "reduce --grammar Broken.g4 ..."
fi

if want w16; then new_case w16 # non-UTF-8 input with lines: exit 3 saying so
  select_html "$C/page.html"; printf 'caf\xe9 \xff\xfe\n' >>"$C/page.html"; before=$(checksum "$C/page.html")
  run 60 $(whittle) reduce --granularity lines --test grep -q SELECT "$C/page.html"
  intact "$before" "$C/page.html"; leftovers; err_has "UTF-8"; verdict $(( $? || RC != 3 ))
  row w16 "non-UTF-8 input, --granularity lines" "reduce --granularity lines ..."
fi

# ---------------------------------------------------------------------------------------------
# The numbered faults of issue 17.

if want 1; then new_case 1 # JUnit extension: a candidate's System.exit must not end the JVM
  # PASS: the test run ends normally and reports the one failing test with its original
  # ArrayIndexOutOfBoundsException (as it does with whittle.enabled=false, shown as the control).
  cp_file=$C/test.classpath
  (cd "$REPO" && timeout 300 mvn -B -q -ntp -o org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
    -pl samples -am -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file" >"$C/mvn.log" 2>&1)
  deps=$(tr ':' '\n' <"$cp_file" 2>/dev/null | grep -v '/dev/whittle/' | paste -sd: -)
  own=$REPO/junit-extension/target/classes:$REPO/jazzer-integration/target/classes:$REPO/core/target/classes
  mkdir -p "$C/src/rel" "$C/classes/rel/ExitFuzzTestInputs/exits"
  cat >"$C/src/rel/ExitFuzzTest.java" <<'EOF'
package rel;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.junit.ShrinkFailingInputs;

@ShrinkFailingInputs
class ExitFuzzTest {
  @FuzzTest
  void exits(byte[] data) {
    if (data.length > 0 && data.length < 100) System.exit(3);
    if (data.length >= 100) { int[] small = new int[16]; small[data.length % 16 + 16] = 1; }
  }
}
EOF
  cat >"$C/src/rel/RunTests.java" <<'EOF'
package rel;

import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.engine.discovery.DiscoverySelectors;

public class RunTests {
  public static void main(String[] args) {
    var request = LauncherDiscoveryRequestBuilder.request()
        .selectors(DiscoverySelectors.selectClass("rel.ExitFuzzTest"))
        .configurationParameter("whittle.enabled", args[0])
        .configurationParameter("whittle.rewrite-inputs", "false")
        .configurationParameter("whittle.output-directory", args[1])
        .build();
    var listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    var summary = listener.getSummary();
    System.out.println("RESULT failed=" + summary.getTotalFailureCount()
        + " succeeded=" + summary.getTestsSucceededCount());
    summary.getFailures().forEach(failure -> {
      for (Throwable t = failure.getException(); t != null; t = t.getCause()) {
        System.out.println("FAILURE " + t);
      }
    });
  }
}
EOF
  crash "$C/classes/rel/ExitFuzzTestInputs/exits" 205 X; before=$(checksum "$C/classes/rel/ExitFuzzTestInputs")
  if [ -z "$deps" ] || ! "$JAVAC" -nowarn -d "$C/classes" -cp "$own:$deps" "$C"/src/rel/*.java 2>"$C/javac.err"; then
    RC=-; VERDICT="not run (no test class path: $(head -c 80 "$C/mvn.log" "$C/javac.err" 2>/dev/null | tr '\n' ' '))"
  else
    jvm="-XX:-OmitStackTraceInFastThrow -Djdk.attach.allowAttachSelf=true -XX:+EnableDynamicAgentLoading -Djava.io.tmpdir=$CT"
    run 300 $JAVA $jvm -cp "$C/classes:$own:$deps" rel.RunTests false "$C/shrunk"
    control="control (whittle.enabled=false): $(grep -m1 RESULT "$C/out") exit $RC"
    run 300 $JAVA $jvm -cp "$C/classes:$own:$deps" rel.RunTests true "$C/shrunk"
    NOTE="$(grep -m1 RESULT "$C/out" || echo 'no summary: the JVM ended'); $control"
    grep -q "RESULT failed=1" "$C/out" && grep -q "ArrayIndexOutOfBoundsException" "$C/out"
    verdict $(( $? || RC != 0 ))
  fi
  intact "$before" "$C/classes/rel/ExitFuzzTestInputs"; leftovers
  row 1 "JUnit extension, System.exit while shrinking" "RunTests (JUnit Platform) rel.ExitFuzzTest"
fi

if want 2; then new_case 2 # a linkage error is a configuration error, in corpus and in minimize
  # PASS: a distinct exit code (not 0, not 1) and a message naming the missing class.
  mkdir -p "$C/corpus"; for i in $(seq 1 30); do head -c $((i + 1)) /dev/urandom >"$C/corpus/in$i"; done
  printf '!' >"$C/corpus/bang"; printf 'a' >"$C/corpus/a"; before=$(checksum "$C/corpus")
  run 300 $(whittle) corpus --cp "$TCP" --target rel.NeedsHelper --output "$C/min" "$C/corpus"
  intact "$before" "$C/corpus"; leftovers
  err_has "rel[./]Helper"; verdict $(( $? || RC == 0 || RC == 1 ))
  NOTE="$(ls "$C/min" 2>/dev/null | wc -l) files kept"
  row 2 "linkage error in corpus (missing class)" "corpus --target NeedsHelper (Helper.class gone)"
  new_case 2b # PASS: every listed crash names its exception
  mkdir -p "$C/corpus"; printf '!' >"$C/corpus/bang"; printf 'a' >"$C/corpus/a"; before=$(checksum "$C/corpus")
  run 300 $(whittle) corpus --cp "$TCP" --target rel.NeedsHelper --output "$C/min" "$C/corpus"
  intact "$before" "$C/corpus"; leftovers
  err_has "IllegalStateException"; verdict $?
  row 2b "corpus lists a crash with its exception" "corpus --target NeedsHelper (one crash)"
  new_case 2c
  crash "$C/crashes" 40 X; before=$(checksum "$C"/crashes/crash-*)
  run 300 $(whittle) minimize --cp "$TCP" --target rel.NeedsHelper "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  err_has "rel[./]Helper"; verdict $(( $? || RC == 0 || RC == 1 ))
  row 2c "linkage error in minimize (missing class)" "minimize --target NeedsHelper"
fi

if want 3; then new_case 3 # two runs on one --output: the second refuses, nothing overwritten
  # PASS: the run started second exits 2 naming the output, and the output is still interesting.
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  SLOW=0.5 timeout 300 $(whittle) reduce --max-runs 40 --output "$C/out.html" --test "$W/bin/slow.sh" "$C/page.html" \
    >"$C/slow.out" 2>"$C/slow.err" </dev/null &
  slow=$!
  sleep 3
  run 120 $(whittle) reduce --output "$C/out.html" --test grep -q SELECT "$C/page.html"
  quick_rc=$RC; quick_size=$(stat -c %s "$C/out.html" 2>/dev/null)
  wait $slow; slow_rc=$?
  intact "$before" "$C/page.html"; leftovers
  NOTE="second run exit $quick_rc, first run exit $slow_rc; output $quick_size bytes after the second, $(stat -c %s "$C/out.html" 2>/dev/null) at the end"
  grep -q SELECT "$C/out.html" 2>/dev/null; verdict $(( $? || quick_rc != 2 ))
  row 3 "two reduce runs on one --output" "reduce --output out.html (twice at once)"
fi

if want 4; then for kind in alternate random; do new_case "4-$kind" # a flaky test is not called 1-minimal
  # PASS: not exit 0, and the output says the test is flaky.
  select_html "$C/page.html"; before=$(checksum "$C/page.html"); rm -f "$W/bin/alternate.count"
  run 300 $(whittle) reduce --test "$W/bin/$kind.sh" "$C/page.html"
  intact "$before" "$C/page.html"; leftovers
  err_has "flaky"; verdict $(( $? || RC == 0 ))
  row "4-$kind" "flaky test command ($kind)" "reduce --test $kind.sh ..."
done; fi

if want 5; then new_case 5 # minimize into a read-only crash directory (as nobody when root)
  # PASS: the result is printed, or written to a fallback location the message names that exists.
  crash "$C/crashes" 60 X; chmod 555 "$C/crashes"; before=$(checksum "$C"/crashes/crash-*)
  run 300 "${NOBODY[@]}" $(whittle) minimize --cp "$TCP" --target rel.ThrowOnX "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  named=$(grep -ohE '/[^ :,;"'"'"')]*minimized-[0-9a-f]+' "$C/err" "$C/out" | sort -u)
  ok=1; for f in $named; do [ -f "$f" ] && ok=0; done
  verdict $ok
  row 5 "minimize into a read-only crash dir" "minimize ... crashes/ (mode 555)"
  new_case 5b # PASS: exit 6 naming the output directory, and nothing computed lost: a fallback
  # that exists, or a refusal before any run (nothing computed, the corpus intact)
  mkdir -p "$C/corpus" "$C/min"; for i in 1 2 3; do printf "abc$i" >"$C/corpus/in$i"; done
  chmod 555 "$C/min"; before=$(checksum "$C/corpus")
  run 300 "${NOBODY[@]}" $(whittle) corpus --cp "$TCP" --target rel.ThrowOnX --output "$C/min" "$C/corpus"
  intact "$before" "$C/corpus"; leftovers
  named=$(grep -ohE '/[^ :,;"'"'"')]+' "$C/err" | grep -v "^$C/min\$" | grep -v "^$C/corpus" | sort -u)
  ok=1; for f in $named; do [ -d "$f" ] && [ -n "$(ls -A "$f" 2>/dev/null)" ] && ok=0; done
  refused_early=1; err_has "cannot be written" && ! err_has "first run:" && refused_early=0
  err_has "$C/min"; verdict $(( $? || (ok && refused_early) || RC != 6 ))
  row 5b "corpus into a read-only --output" "corpus --output min/ (mode 555)"
fi

if want 6; then new_case 6 # large input: 20 MB under -Xmx512m, --deadline honoured
  # PASS: exit 0 within the deadline plus a minute, no OutOfMemoryError, a smaller result.
  { for i in $(seq 1 200000); do echo "line $i of a large text file, padding padding padding padding"; done; } | head -c 20000000 >"$C/big.txt"
  echo SELECT >>"$C/big.txt"; before=$(checksum "$C/big.txt")
  start=$(date +%s)
  run 300 $(JVM_OPTS=-Xmx512m whittle) reduce --deadline 20s --test grep -q SELECT "$C/big.txt"
  took=$(( $(date +%s) - start ))
  intact "$before" "$C/big.txt"; leftovers
  NOTE="result $(stat -c %s "$C/big.txt.reduced" 2>/dev/null || echo none) bytes"
  ! err_has "OutOfMemoryError" && [ -f "$C/big.txt.reduced" ] && [ "$(stat -c %s "$C/big.txt.reduced")" -lt 20000007 ]
  verdict $(( $? || RC != 0 || took > 80 ))
  row 6 "20 MB input, -Xmx512m, --deadline 20s" "reduce --deadline 20s big.txt"
  new_case 6b # Whittle's own OutOfMemoryError: reported as such, no stack trace, best result written
  head -c 50000000 /dev/zero | tr '\0' 'a' >"$C/big.txt"; echo SELECT >>"$C/big.txt"; before=$(checksum "$C/big.txt")
  run 300 $(JVM_OPTS=-Xmx256m whittle) reduce --deadline 20s --test grep -q SELECT "$C/big.txt"
  intact "$before" "$C/big.txt"; leftovers
  if [ "$RC" = 0 ]; then verdict 0; else
    err_has "out of memory|OutOfMemoryError" && ! grep -q $'^\tat ' "$C/err" && [ -f "$C/big.txt.reduced" ]; verdict $?
  fi
  row 6b "50 MB input, -Xmx256m" "reduce --deadline 20s big.txt"
fi

if want 7; then for timeout_opt in "" "--timeout 5s"; do new_case "7${timeout_opt:+b}" # no orphans
  # PASS: no process of the test command's process group is left; one started in a session of
  # its own after its parent ended is out of reach of portable JVM code (counted, not failed).
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  run 300 $(whittle) reduce --max-runs 15 $timeout_opt --test "$W/bin/orphans.sh" "$C/page.html"
  intact "$before" "$C/page.html"
  sleep 0.5
  pg=$(pgrep -fc -- "$W/bin/sleep-pgroup"); sid=$(pgrep -fc -- "$W/bin/sleep-session")
  leftovers; LEFT="$pg in the process group, $sid in own sessions; $LEFT"
  verdict $(( RC != 0 || pg != 0 ))
  row "7${timeout_opt:+b}" "orphans of the test command${timeout_opt:+ (with $timeout_opt)}" "reduce --max-runs 15 $timeout_opt --test orphans.sh"
done; fi

if want 8; then new_case 8 # --jobs 1000: capped, and the cap said
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  run 300 $(whittle) reduce --jobs 1000 --test grep -q SELECT "$C/page.html"
  intact "$before" "$C/page.html"; leftovers
  err_has "jobs.*(cap|at most|limit|more than the [0-9]+ processors)|(cap|at most|limit).*jobs"; verdict $(( $? || RC != 0 ))
  row 8 "--jobs 1000" "reduce --jobs 1000 ..."
fi

if want 9; then new_case 9 # outputs follow the umask (022 gives 644)
  select_html "$C/page.html"; crash "$C/crashes" 60 X
  mkdir -p "$C/corpus"; for i in 1 2 3; do printf "abc$i" >"$C/corpus/in$i"; done
  (umask 022; run 300 $(whittle) reduce --test grep -q SELECT "$C/page.html"; echo "$RC" >"$C/rc1"
   run 300 $(whittle) minimize --cp "$TCP" --target rel.ThrowOnX "$C/crashes"; echo "$RC" >"$C/rc2"
   run 300 $(whittle) corpus --cp "$TCP" --target rel.ThrowOnX --output "$C/min" "$C/corpus"; echo "$RC" >"$C/rc3")
  RC="$(cat "$C/rc1"),$(cat "$C/rc2"),$(cat "$C/rc3")"
  modes=$(stat -c '%a %n' "$C/page.html.reduced" "$C"/crashes/minimized-* "$C"/crashes/Crash_*.java "$C"/min/* 2>/dev/null | sed "s|$C/||")
  NOTE=$(echo "$modes" | awk '{print $1}' | sort | uniq -c | awk '{printf "%s×%s ", $1, $2}')
  leftovers
  [ -n "$modes" ] && ! echo "$modes" | grep -qv '^644 '; verdict $?
  row 9 "umask 022: modes of the outputs" "reduce, minimize, corpus under umask 022"
fi

if want 10; then new_case 10 # what failed when the target cannot load: named, with the cause
  crash "$C/crashes" 40 X
  run 120 $(whittle) minimize --cp "$TCP" --target rel.BadStatic "$C/crashes"
  leftovers
  err_has "static initiali[sz]er" && err_has "not-a-number" && ! err_has "fuzzerInitialize of"; verdict $(( $? || RC != 9 ))
  row 10 "failing static initializer" "minimize --target BadStatic"
  new_case 10b; crash "$C/crashes" 40 X
  run 120 $(whittle) minimize --cp "$TCP" --target rel.MissingInStatic "$C/crashes"
  leftovers
  err_has "rel[./]Helper" && ! err_has "fuzzerInitialize of"; verdict $(( $? || RC != 9 ))
  row 10b "missing class in a static initializer" "minimize --target MissingInStatic (Helper.class gone)"
fi

if want 11; then new_case 11 # an OutOfMemoryError target on the default heap: the OOM named
  # PASS: minimized (exit 0), or the message names OutOfMemoryError and suggests -Xmx. No -Xmx is
  # given; -XX:MaxRAM=4g makes the default heap that of a 4 GB machine (1 GB), whatever this one has.
  crash "$C/crashes" 100 M; before=$(checksum "$C"/crashes/crash-*)
  run 600 $(JVM_OPTS=-XX:MaxRAM=4g whittle) minimize --cp "$TCP" --target rel.Hoard "$C/crashes"
  intact "$before" "$C"/crashes/crash-*; leftovers
  if [ "$RC" = 0 ]; then verdict 0; else err_has "OutOfMemoryError" && err_has "-Xmx"; verdict $?; fi
  row 11 "OOM target, default heap" "minimize --target Hoard (no -Xmx)"
fi

if want 12; then new_case 12 # a forgotten INPUT: said so, with the two forms
  run 60 $(whittle) reduce --test grep -q SELECT
  leftovers
  # A missing INPUT file and a forgotten INPUT look the same in the first form (the test command's
  # last word is INPUT), so exit 3 with both said, and the two forms shown, is the answer.
  err_has "no INPUT|INPUT is missing|missing INPUT" && err_has "INPUT -- CMD"; verdict $(( $? || (RC != 2 && RC != 3) ))
  row 12 "forgotten INPUT" "reduce --test grep -q SELECT"
  new_case 12b # a test command that deletes its own directory: said what happened
  select_html "$C/page.html"; before=$(checksum "$C/page.html")
  run 120 $(whittle) reduce --test "$W/bin/rmdir.sh" "$C/page.html"
  intact "$before" "$C/page.html"; leftovers
  ! err_has "oracle is closed" && err_has "director"; verdict $(( $? || RC == 0 ))
  row 12b "test command deletes its directory" "reduce --test rmdir.sh ..."
fi

if want 13; then new_case 13 # help and README agree
  # PASS: reduce --help names every pass and exit code 130, whittle alone names corpus, and the
  # README's corpus example directory exists.
  run 60 $(whittle) reduce --help; cp "$C/out" "$C/reduce-help"; help_rc=$RC
  run 60 $(whittle); RC="$help_rc,$RC"
  missing=
  for p in line-runs length-fields blocks offset-fields duplicate-chunks zero-runs byte-runs int-fields text-numbers 130; do
    grep -q -- "$p" "$C/reduce-help" || missing="$missing $p"
  done
  grep -q corpus "$C/err" || missing="$missing corpus-in-usage"
  dir=$(grep -oE -- '--output corpus-min [^ `]+' "$REPO/README.md" | head -1 | awk '{print $3}')
  [ -n "$dir" ] && [ -e "$REPO/$dir" ] || missing="$missing README:$dir"
  leftovers; NOTE="missing:${missing:- nothing}"
  [ -z "$missing" ]; verdict $?
  row 13 "help and README agree" "reduce --help; whittle"
fi

# ---------------------------------------------------------------------------------------------
echo
echo "whittle jar: $JAR_ARG ($(sha256sum "$JAR_ARG" | cut -c1-12)), $("$JAVA" -version 2>&1 | head -1)"
echo
echo "| # | case | command | exit | first line of the message | originals intact | left behind | verdict |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${ROWS[@]}"
