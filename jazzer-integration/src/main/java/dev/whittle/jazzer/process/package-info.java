/**
 * How a JVM that ran target code ends: within a bounded time, whatever the target left behind.
 * Internal: no part of Whittle's API.
 */
package dev.whittle.jazzer.process;
