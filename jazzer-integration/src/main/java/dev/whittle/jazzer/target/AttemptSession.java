package dev.whittle.jazzer.target;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Runs one entry point in this JVM, input after input, and says what each run found: what the one
 * minimization pipeline asks of a target, whether it is a fuzz target class ({@link TargetSession})
 * or a fuzz test method a test framework runs ({@link FuzzTestSession}). Not thread-safe.
 */
@API(status = INTERNAL)
public interface AttemptSession extends AutoCloseable {
  /** How the entry point takes its input, which decides the value reducers that fit it. */
  enum InputKind {
    /** One {@code byte[]}: the bytes as they are. */
    BYTES,
    /** One {@code FuzzedDataProvider} over the bytes. */
    FUZZED_DATA_PROVIDER,
    /** Anything else: the bytes are the mutation framework's encoding of the arguments. */
    MUTATOR_ARGUMENTS
  }

  /** Runs once on {@code input}; returns its finding, or null if it found nothing. */
  Finding run(byte[] input);

  /**
   * For a {@code FuzzedDataProvider} entry point, the consuming calls one run on {@code input}
   * makes; empty otherwise or when the run did not complete. The run counts in {@link #runs()}.
   */
  Optional<List<FuzzedDataCall>> recordCalls(byte[] input);

  InputKind inputKind();

  /** Whether the entry point takes a {@code FuzzedDataProvider}. */
  default boolean takesDataProvider() {
    return inputKind() == InputKind.FUZZED_DATA_PROVIDER;
  }

  /** The entry points, as a reproducer needs them. */
  FuzzTargetShape shape();

  String targetClassName();

  /** Runs so far. */
  long runs();

  /** Whether the entry point sees Jazzer's runtime, so that its bug detectors report findings. */
  boolean jazzerRuntimePresent();

  @Override
  void close();
}
