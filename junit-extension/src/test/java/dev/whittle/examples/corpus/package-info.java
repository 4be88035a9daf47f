/**
 * Fuzz tests whose corpora the extension minimizes, outside Whittle's own packages ({@code
 * dev.whittle.junit.}), whose classes never get coverage probes.
 */
package dev.whittle.examples.corpus;
