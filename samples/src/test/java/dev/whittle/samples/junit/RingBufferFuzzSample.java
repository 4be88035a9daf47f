package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.whittle.samples.RingBufferFuzzer;

/**
 * The RingBuffer sample as a JUnit fuzz test over a {@code FuzzedDataProvider}, with the crash a
 * real Jazzer run found (samples/crashes/RingBufferFuzzer) in its Inputs directory.
 */
class RingBufferFuzzSample {
  @FuzzTest
  void operations(FuzzedDataProvider data) {
    RingBufferFuzzer.fuzzerTestOneInput(data);
  }
}
