package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A fuzz test whose code under test calls {@code System.exit(3)} on short inputs ({@link
 * BatchImporter}, a usage error) and whose Inputs directory holds a 205-byte batch that fails with
 * an {@code ArrayIndexOutOfBoundsException}. Shrinking it tries shorter batches, which exit: they
 * must end only their own run, never the JVM, and the test must still report its own failure. The
 * name keeps Surefire away, as the test fails on purpose; {@link ExitingFuzzTestEndToEndTest} runs
 * it in a JVM of its own.
 */
class ExitingFuzzSample {
  @FuzzTest
  void importBatch(byte[] batch) {
    BatchImporter.run(batch);
  }
}
