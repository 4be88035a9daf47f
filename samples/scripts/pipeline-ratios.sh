#!/usr/bin/env bash
# pipeline-ratios.sh: issue 8 section 4's ratio on every sample. For each sample crash, minimizes a
# scratch copy three ways (default; --algorithm ddmin --no-value-reduction; --no-value-reduction,
# i.e. entropy alone), REPEAT times each (default 3, the three ways interleaved so that load hits
# them alike), and prints the result size, the runs, and the medians of the wall
# time and of the CPU time (user + system, all threads) of the whole `java -jar` command, then
# default / min(ddmin, entropy) in runs, wall time and CPU time. Runs and sizes do not vary between
# repeats (the script says so if they do); wall time does with the machine's load, CPU time much
# less. BufferBoundaryFuzzer's crash (4,100 bytes, no NUL or newline, fixed seed) is generated
# here. The source of section 15 of docs/dev/benchmarks.md.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/pipeline-ratios.sh     # TARGETS="A B": other targets; REPEAT=5; WHITTLE_JAR=...
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
jar=${WHITTLE_JAR:-$root/jazzer-integration/target/whittle.jar}
[[ -f $jar ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/BufferBoundaryFuzzer"
python3 -c '
import random, sys
r = random.Random(8)
sys.stdout.buffer.write(bytes(r.choice([b for b in range(1, 256) if b != 10]) for _ in range(4100)))
' >"$scratch/BufferBoundaryFuzzer/crash-boundary"

export ROOT=$root JAR=$jar SCRATCH=$scratch REPEAT=${REPEAT:-3}
export TARGETS=${TARGETS:-ChunkedImageFuzzer RingBufferFuzzer AttachmentViewerFuzzer ZipThemeFuzzer \
TarArchiveFuzzer ResourcePackFuzzer BufferBoundaryFuzzer}
python3 - <<'PY'
import glob, json, os, resource, shutil, statistics, subprocess, time

root, jar, scratch = os.environ["ROOT"], os.environ["JAR"], os.environ["SCRATCH"]
repeat = int(os.environ["REPEAT"])
ways = {
    "default": [],
    "ddmin": ["--algorithm", "ddmin", "--no-value-reduction"],
    "entropy": ["--no-value-reduction"],
}

def crashes(target):
    committed = os.path.join(root, "samples/crashes", target)
    source = committed if os.path.isdir(committed) else os.path.join(scratch, target)
    return sorted(glob.glob(os.path.join(source, "crash-*")))

def run(target, way, n):
    work = os.path.join(scratch, f"{target}-{way}-{n}")
    os.makedirs(work)
    for crash in crashes(target):
        shutil.copy(crash, work)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run(
        ["java", "-XX:-OmitStackTraceInFastThrow", "-jar", jar, "minimize", "--json", *ways[way],
         "--cp", os.path.join(root, "samples/target/classes"),
         "--target", "dev.whittle.samples." + target, work],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shutil.rmtree(work)
    crash = json.loads(out)["crashes"][0]
    return crash.get("minimizedSize"), crash.get("runs"), wall, cpu

print(f"{'target':<24} {'original':>8} | {'default':<34} | {'ddmin, no values':<34} | "
      f"{'entropy, no values':<34} | ratio runs, wall, cpu   (median of {repeat})")
for target in os.environ["TARGETS"].split():
    samples = {way: [] for way in ways}
    for n in range(repeat):
        for way in ways:
            samples[way].append(run(target, way, n))
    cells, figures = [], {}
    for way, results in samples.items():
        sizes = {r[0] for r in results}
        runs = {r[1] for r in results}
        note = "" if len(sizes) == 1 and len(runs) == 1 else f" VARIES {sorted(sizes)} {sorted(runs)}"
        wall = statistics.median(r[2] for r in results)
        cpu = statistics.median(r[3] for r in results)
        size, calls = results[0][0], results[0][1]
        figures[way] = (size, calls, wall, cpu)
        cells.append(f"{size} B, {calls} runs, {wall:.2f} s, cpu {cpu:.2f} s{note}")
    original = os.path.getsize(crashes(target)[0])
    d, m, e = figures["default"], figures["ddmin"], figures["entropy"]
    ratio = lambda i: d[i] / min(m[i], e[i])
    larger = " LARGER" if d[0] > min(m[0], e[0]) else ""
    print(f"{target:<24} {original:>8} | {cells[0]:<34} | {cells[1]:<34} | {cells[2]:<34} | "
          f"{ratio(1):.2f}, {ratio(2):.2f}, {ratio(3):.2f}{larger}", flush=True)
PY
