package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.samples.ChunkedImageFuzzer;

/**
 * The ChunkedImage sample as a JUnit fuzz test over {@code byte[]}: its Inputs directory holds the
 * crash a real Jazzer run found (samples/crashes/ChunkedImageFuzzer). No Whittle annotation: the
 * end-to-end test turns on JUnit's extension auto-detection, and replays without it. The name keeps
 * Surefire away, as the test fails on purpose.
 */
class ChunkedImageFuzzSample {
  @FuzzTest
  void thumbnail(byte[] file) {
    ChunkedImageFuzzer.fuzzerTestOneInput(file);
  }
}
