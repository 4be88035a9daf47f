/**
 * The crash engine behind {@link dev.whittle.jazzer.api.CrashMinimizer}: the in-process oracle over
 * the target runner, reproduction and fresh-JVM checks, and the restart for resource findings. It
 * asks the target what it can do; it never tests which kind of target it has.
 */
package dev.whittle.jazzer.crash;
