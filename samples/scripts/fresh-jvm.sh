#!/usr/bin/env bash
# Minimizes a sample's crash twice, with and without fresh-JVM verification, and replays each
# written result in 3 fresh JVMs with the same heap and stack limits (docs/dev/benchmarks.md,
# section 14). Needs `mvn -B -q -ntp package -DskipTests` first.
#
#   samples/scripts/fresh-jvm.sh TARGET "JVM OPTIONS"
#   e.g. samples/scripts/fresh-jvm.sh NestedListFuzzer "-Xss144k -Xmx128m"
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
[[ $# -eq 2 ]] || { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
target=$1
# shellcheck disable=SC2206
limits=($2)
jar=$root/jazzer-integration/target/whittle.jar
classes=$root/samples/target/classes
work=$root/target/fresh-jvm-work/$target
java=(java -XX:-OmitStackTraceInFastThrow "${limits[@]}")

replay3() {
  local file=$1 ok=0 token
  for _ in 1 2 3; do
    token=$("${java[@]}" -cp "$jar" dev.whittle.jazzer.crash.FreshJvmReplay \
      "dev.whittle.samples.$target" "$classes" "$file" 10000 no-agent 2>/dev/null \
      | grep -m1 '^whittle-fresh-jvm:' || true)
    if [[ $token == "whittle-fresh-jvm:thrown ${expected#"${expected%%[!0]*}"} "* ]]; then
      ok=$((ok + 1))
    fi
  done
  echo "$ok/3"
}

for mode in before after; do
  rm -rf "$work/$mode" && mkdir -p "$work/$mode"
  cp "$root"/samples/crashes/"$target"/crash-* "$work/$mode/"
  flag=()
  [[ $mode == before ]] && flag=(--no-fresh-jvm)
  start=$(date +%s.%N)
  status=0
  "${java[@]}" -jar "$jar" minimize --cp "$classes" --target "dev.whittle.samples.$target" \
    --json "${flag[@]}" "$work/$mode/" >"$work/$mode/report.json" 2>"$work/$mode/stderr.txt" \
    || status=$?
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  json=$(cat "$work/$mode/report.json")
  expected=$(grep -o '"dedupToken":"[0-9a-f]*"' <<<"$json" | head -1 | cut -d'"' -f4)
  result=$(grep -o '"minimizedFile":"[^"]*"' <<<"$json" | head -1 | cut -d'"' -f4)
  printf '%-6s %s: %s -> %s bytes, %s runs, wall %.1f s, exit %s, %s, token %s, fresh JVMs: %s\n' \
    "$mode" "$target" \
    "$(grep -o '"originalSize":[0-9]*' <<<"$json" | head -1 | cut -d: -f2)" \
    "$(grep -o '"minimizedSize":[0-9]*' <<<"$json" | head -1 | cut -d: -f2)" \
    "$(grep -o '"runs":[0-9]*' <<<"$json" | head -1 | cut -d: -f2)" \
    "$wall" "$status" "$(basename "$result")" "$expected" "$(replay3 "$result")"
done
