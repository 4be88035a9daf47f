#!/usr/bin/env bash
# large-inputs.sh: issue 17 item 6, `whittle reduce` on large text inputs (docs/dev/benchmarks.md,
# section 23). For each size (default 10 and 50 MB) it writes a deterministic input, lines of 3 to
# 12 random words from a vocabulary of 20 with one line holding MARKER in the middle, and reduces it
# with the test `grep -q MARKER` and the default options (bytes, entropy, the tree passes of the
# detected format), under --deadline (default 120s). It prints, per input:
#   - the input: size, SHA-256, first line;
#   - the run with the JVM's default heap (or $XMX): wall time, peak resident set, the heap used
#     before and after the collections of -Xlog:gc (the peak after a collection is what was live),
#     result size, test runs, stop reason, 1-minimality;
#   - with BISECT=1 (the default), the smallest -Xmx in steps of 8 MiB with which the same run
#     completes normally (exit 0, the same result), and that heap per input byte;
# and once: the commit, java -version, the cores and the load average before and after.
#
#   mvn -B -q -ntp -o package -DskipTests -pl jazzer-integration -am
#   samples/scripts/large-inputs.sh [SIZE_MB...]          # default: 10 50
#   BISECT=0 GRANULARITY=lines DEADLINE=60s samples/scripts/large-inputs.sh 20
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
export JAR=${WHITTLE_JAR:-$root/jazzer-integration/target/whittle.jar}
[[ -f $JAR ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time) for the resident set" >&2; exit 2; }
export SIZES="${*:-10 50}" BISECT=${BISECT:-1} DEADLINE=${DEADLINE:-120s} XMX=${XMX:-}
export GRANULARITY=${GRANULARITY:-bytes} WORK=${WORK:-$(mktemp -d)} ROOT=$root
python3 - <<'PY'
import hashlib, json, os, random, re, subprocess, time

jar, work, root = os.environ["JAR"], os.environ["WORK"], os.environ["ROOT"]
sizes = [int(s) for s in os.environ["SIZES"].split()]
deadline, granularity, xmx = os.environ["DEADLINE"], os.environ["GRANULARITY"], os.environ["XMX"]
bisect = os.environ["BISECT"] == "1"
MB = 1 << 20
WORDS = ["alpha", "beta", "gamma", "delta", "select", "from", "where", "table", "value", "index",
         "node", "tree", "leaf", "root", "byte", "line", "word", "quick", "brown", "fox"]
MARKER_LINE = "the line with the MARKER in it\n"


def loadavg():
    return open("/proc/loadavg").read().split()[:3]


def generate(size_mb):
    path = os.path.join(work, f"words-{size_mb}mb.txt")
    rng, size, written, marked, lines = random.Random(42), size_mb * MB, 0, False, []
    while written < size:
        if not marked and written >= size // 2:
            line, marked = MARKER_LINE, True
        else:
            line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12))) + "\n"
        lines.append(line)
        written += len(line)
    data = "".join(lines).encode()
    with open(path, "wb") as f:
        f.write(data)
    return path, len(data), hashlib.sha256(data).hexdigest()


def reduce(path, heap, tag):
    out, gc = f"{path}.{tag}.reduced", f"{path}.{tag}.gc.log"
    for leftover in (out, gc):
        if os.path.exists(leftover):
            os.remove(leftover)
    java = ["java"] + ([f"-Xmx{heap}"] if heap else []) + [f"-Xlog:gc:file={gc}", "-jar", jar]
    cmd = ["/usr/bin/time", "-f", "TIME %e %M"] + java + [
        "reduce", "--json", "--deadline", deadline, "--granularity", granularity,
        "--output", out, "--test", "grep", "-q", "MARKER", path]
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - start
    m = re.search(r"TIME ([\d.]+) (\d+)", p.stderr)
    rss_mb = int(m.group(2)) / 1024 if m else float("nan")
    result = json.loads(p.stdout) if p.returncode == 0 and p.stdout.strip().startswith("{") else None
    before = after = 0.0
    if os.path.exists(gc):
        for line in open(gc):
            g = re.search(r"(\d+)M->(\d+)M\(\d+M\)", line)
            if g:
                before, after = max(before, int(g.group(1))), max(after, int(g.group(2)))
    return p.returncode, wall, rss_mb, before, after, result, p.stderr


def completes(path, mib, expected):
    code, _, _, _, _, result, _ = reduce(path, f"{mib}m", f"xmx{mib}")
    return code == 0 and result is not None and result["reducedBytes"] == expected


commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"],
                        capture_output=True, text=True).stdout.strip()
version = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
print(f"commit {commit}; {version}; {os.cpu_count()} cores; load average before {' '.join(loadavg())}")
print(f"test: grep -q MARKER; --deadline {deadline}; --granularity {granularity}; "
      f"heap of the main run: {xmx or 'the JVM default'}; inputs in {work}")
for size_mb in sizes:
    path, length, sha = generate(size_mb)
    print(f"\ninput {os.path.basename(path)}: {length} bytes, sha256 {sha}")
    code, wall, rss, before, after, result, err = reduce(path, xmx, "main")
    if result is None:
        print(f"  main run: exit {code} after {wall:.1f} s\n  " + err.strip().replace("\n", "\n  "))
        continue
    print(f"  main run: exit {code}, wall {wall:.1f} s (Whittle's own {result['milliseconds']} ms), "
          f"peak RSS {rss:.0f} MiB, heap at GC: peak before {before:.0f} MiB, peak after "
          f"{after:.0f} MiB ({after * MB / length:.1f} B/input byte)")
    print(f"  result {result['reducedBytes']} bytes, {result['runs']} test runs, "
          f"{result['cacheHits']} cache hits, stop {result['stopReason']}, "
          f"1-minimal {str(result['oneMinimal']).lower()}")
    if bisect:
        low, high = 8, 64
        while not completes(path, high, result["reducedBytes"]):
            low, high = high, high * 2
            if high > 64 * 1024:
                break
        while high - low > 8:
            mid = (low + high) // 2 // 8 * 8
            if completes(path, mid, result["reducedBytes"]):
                high = mid
            else:
                low = mid
        print(f"  smallest -Xmx that completes with the same result: {high} MiB "
              f"({high * MB / length:.1f} B/input byte; {low} MiB does not)")
print(f"\nload average after {' '.join(loadavg())}")
PY
