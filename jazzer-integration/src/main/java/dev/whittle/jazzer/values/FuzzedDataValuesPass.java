package dev.whittle.jazzer.values;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import java.util.List;
import java.util.Optional;

/**
 * The {@code FuzzedDataProvider} pass: one {@link FuzzedDataTurn} over the current input's recorded
 * calls per {@link #reduce} call. The engine runs the byte-level algorithm and this one in turn
 * until neither changes anything, so one sweep per turn is enough.
 */
final class FuzzedDataValuesPass implements Pass<byte[]> {
  private final FuzzedDataRecorder recorder;
  private final Optional<StringTreeMove.Memory> stringTrees;

  /**
   * @param stringTrees whether strings that look like structured text are reduced as trees ({@link
   *     StringTreeMove}); off only to measure what that step brings
   */
  FuzzedDataValuesPass(FuzzedDataRecorder recorder, boolean stringTrees) {
    this.recorder = recorder;
    this.stringTrees = stringTrees ? Optional.of(new StringTreeMove.Memory()) : Optional.empty();
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
    return new FuzzedDataTurn(recorder, stringTrees, tester, current, calls.get()).run();
  }
}
