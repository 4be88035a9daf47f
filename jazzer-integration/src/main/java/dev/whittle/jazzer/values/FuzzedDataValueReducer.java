package dev.whittle.jazzer.values;

import dev.whittle.api.ContentTester;
import dev.whittle.api.ValueReducer;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import java.util.List;
import java.util.Optional;

/**
 * The {@code FuzzedDataProvider} value reducer: one {@link FuzzedDataSweep} over the current
 * input's recorded calls per {@link #reduce} call. The engine runs the byte-level reducer and this
 * one in turn until neither changes anything, so one sweep per turn is enough.
 */
final class FuzzedDataValueReducer implements ValueReducer<byte[]> {
  private final FuzzedDataRecorder recorder;
  private final Optional<StringTreeStep.Memory> stringTrees;

  /**
   * @param stringTrees whether strings that look like structured text are reduced as trees ({@link
   *     StringTreeStep}); off only to measure what that step brings
   */
  FuzzedDataValueReducer(FuzzedDataRecorder recorder, boolean stringTrees) {
    this.recorder = recorder;
    this.stringTrees = stringTrees ? Optional.of(new StringTreeStep.Memory()) : Optional.empty();
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
    return new FuzzedDataSweep(recorder, stringTrees, tester, current, calls.get()).run();
  }
}
