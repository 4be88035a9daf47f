package dev.whittle.jazzer.values;

import dev.whittle.api.ContentTester;
import dev.whittle.api.ValueReducer;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import java.util.List;
import java.util.Optional;

/**
 * The {@code FuzzedDataProvider} value reducer: one {@link ValueSweep} over the current input's
 * recorded calls per {@link #reduce} call. The engine runs the byte-level reducer and this one in
 * turn until neither changes anything, so one sweep per turn is enough.
 */
final class FuzzedDataValueReducer implements ValueReducer<byte[]> {
  private final FuzzedDataRecorder recorder;

  FuzzedDataValueReducer(FuzzedDataRecorder recorder) {
    this.recorder = recorder;
  }

  @Override
  public String name() {
    return "fuzzed-data-values";
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    Optional<List<FuzzedDataCall>> calls = recorder.record(current);
    if (calls.isEmpty() || calls.get().isEmpty()) {
      return current;
    }
    return new ValueSweep(recorder, tester, current, calls.get()).run();
  }
}
