#!/usr/bin/env bash
# minimize-samples.sh for the binary-format samples (ZIP, TAR-like, offset-indexed container):
# minimizes each committed crash with `whittle minimize`, REPEATS times (default 3), on a scratch
# copy, and prints target, options, original and minimized size, runs, wall time of the whole
# `java -jar` command and the dedup token. The source of the "Whittle" columns of the section
# "Binary formats" in docs/dev/benchmarks.md; Jazzer's figures come from `jazzer.sh minimize`.
#
#   samples/scripts/minimize-binary-samples.sh [REPEATS] [EXTRA WHITTLE OPTIONS...]
#
# e.g. `... 1 --algorithm ddmin --no-value-reduction`; TARGETS="A B" picks other targets.
set -euo pipefail
export TARGETS=${TARGETS:-ZipThemeFuzzer TarArchiveFuzzer ResourcePackFuzzer}
exec "$(dirname "$0")/minimize-samples.sh" "$@"
