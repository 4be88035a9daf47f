package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.RecordingFuzzedDataProvider;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One run with a {@link RecordingFuzzedDataProvider} around the target's provider, the way every
 * runner records the consuming calls of an input for value-level reduction.
 */
final class CallRecording {
  private CallRecording() {}

  /**
   * The calls of one run that {@code runWith} makes, wrapping the provider it creates; empty when
   * the run did not complete: after a timeout the abandoned worker may still be adding calls.
   */
  static Optional<List<FuzzedDataCall>> record(
      Function<UnaryOperator<FuzzedDataProvider>, RunWatchdog.RawRun> runWith) {
    AtomicReference<RecordingFuzzedDataProvider> recorder = new AtomicReference<>();
    RunWatchdog.RawRun raw =
        runWith.apply(
            provider -> {
              RecordingFuzzedDataProvider recording =
                  RecordingFuzzedDataProvider.recording(provider);
              recorder.set(recording);
              return recording;
            });
    if (raw.ending() != RunWatchdog.Ending.COMPLETED || recorder.get() == null) {
      return Optional.empty();
    }
    return Optional.of(recorder.get().calls());
  }
}
