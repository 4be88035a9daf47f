package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.samples.ChunkedImageFuzzer;

/**
 * A fuzz test that passes on every input: the ChunkedImage sample target, its bug caught. {@link
 * JUnitExtensionBenchmark} gives it a generated Inputs directory to measure what the extension
 * costs a passing suite.
 */
class PassingFuzzSample {
  @FuzzTest
  void decode(byte[] file) {
    try {
      ChunkedImageFuzzer.fuzzerTestOneInput(file);
    } catch (RuntimeException e) {
      // This test measures, it does not judge.
    }
  }
}
