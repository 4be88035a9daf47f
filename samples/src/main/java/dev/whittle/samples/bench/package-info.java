/**
 * What {@code samples/scripts/crash-bench.sh} needs besides the fuzz targets: {@link
 * dev.whittle.samples.bench.CrashReplay}, the plain-{@code java} replay that checks a minimized
 * crash in a fresh JVM, independently of Whittle's own code.
 */
package dev.whittle.samples.bench;
