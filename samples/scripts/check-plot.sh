#!/usr/bin/env bash
# Checks that `whittle minimize --plot` draws a picture a browser shows: minimizes a copy of the
# ChunkedImage sample crash with --plot, renders the SVG in headless Chromium (Debian's package
# `chromium`; installed with apt-get when missing and this runs as root) and checks the
# screenshot for the falling curve (PlotPixels.java). Needs `mvn package` first.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
chromium=$(command -v chromium || true)
if [[ -z $chromium ]]; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "check-plot: installing Debian's chromium" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    chromium=$(command -v chromium)
  else
    echo "check-plot: no chromium, and cannot install it (not root): install Debian's chromium" >&2
    exit 1
  fi
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$root"/samples/crashes/ChunkedImageFuzzer/crash-* "$scratch/"
java -XX:-OmitStackTraceInFastThrow -jar "$root/jazzer-integration/target/whittle.jar" minimize \
  --cp "$root/samples/target/classes" --target dev.whittle.samples.ChunkedImageFuzzer \
  --plot "$scratch/plot.svg" "$scratch"/crash-* >"$scratch/minimize.out" 2>&1 || {
  cat "$scratch/minimize.out"
  exit 1
}
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$scratch/profile" --window-size=1000,420 \
  --screenshot="$scratch/plot.png" "file://$scratch/plot.svg" >/dev/null 2>&1
java "$root/samples/scripts/PlotPixels.java" "$scratch/plot.png"
echo "check-plot: the trajectory renders in Chromium"
