/**
 * What a JVM that runs target code shares across its runs and how it ends: the JVM-global state a
 * target can change and that a fresh class loader does not reset ({@link
 * dev.whittle.jazzer.process.GlobalState}), and an exit within a bounded time, whatever the target
 * left behind. Internal: no part of Whittle's API.
 */
package dev.whittle.jazzer.process;
