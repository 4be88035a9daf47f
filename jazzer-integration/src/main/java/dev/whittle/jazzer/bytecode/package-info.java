/**
 * Whittle's own coverage, grouped as JaCoCo groups its core: {@code flow} (where a method's probes
 * go: every edge into a join point, every exit, the start of a line that calls a method), {@code
 * instrumentation} (the class-file rewriting that puts probes there), {@code runtime} (the probe
 * counters the rewritten code increments) and {@code analysis} (features, their sets and names, and
 * which classes count). The rewriters that keep a target inside its run, for exits and oversized
 * arrays, belong to the runner and stay with it in {@code jazzer.target}.
 */
package dev.whittle.jazzer.bytecode;
