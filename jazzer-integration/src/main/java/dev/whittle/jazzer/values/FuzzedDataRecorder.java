package dev.whittle.jazzer.values;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.fdp.FuzzedDataCall;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Runs a {@code FuzzedDataProvider} target on an input and tells which consuming calls it made, in
 * order, with the values they returned: how the pass sees the current input's values. It is no
 * oracle question; the in-process engine passes {@code TargetRunner::recordCalls}, which counts the
 * run among the session's runs.
 */
@FunctionalInterface
@API(status = INTERNAL, since = "0.1")
public interface FuzzedDataRecorder {
  /** The calls the target makes on {@code input}, or empty if that is unknown (a timeout). */
  Optional<List<FuzzedDataCall>> record(byte[] input);
}
