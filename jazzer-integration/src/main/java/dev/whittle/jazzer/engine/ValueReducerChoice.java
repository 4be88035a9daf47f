package dev.whittle.jazzer.engine;

import dev.whittle.api.ValueReducer;
import dev.whittle.engine.passes.BytePasses;
import dev.whittle.jazzer.target.AttemptSession;
import dev.whittle.jazzer.target.FuzzTestSession;
import dev.whittle.jazzer.values.ValueReducers;
import java.util.List;

/**
 * The one place where the value reducers for an entry point are chosen, by how it takes its input:
 * recorded provider calls for a {@code FuzzedDataProvider}, the format-generic byte passes for
 * {@code byte[]}, and for a fuzz test with structured parameters (the mutation framework's
 * encoding) none yet.
 */
final class ValueReducerChoice {
  private ValueReducerChoice() {}

  static List<ValueReducer<byte[]>> forSession(AttemptSession session) {
    switch (session.inputKind()) {
      case FUZZED_DATA_PROVIDER:
        return List.of(ValueReducers.forFuzzedDataProvider(session::recordCalls));
      case MUTATOR_ARGUMENTS:
        return forMutatorArguments((FuzzTestSession) session);
      default:
        return List.of(BytePasses.lineRuns(), BytePasses.lengthFields(), BytePasses.byteRuns());
    }
  }

  /**
   * Structured parameters: the bytes are the mutation framework's encoding, where byte-level passes
   * mostly shift later fields, so until a value reducer that decodes, shrinks and re-encodes the
   * argument values is there (ValueReducers.forMutatorArguments(session.method())), only the
   * sequence reducer's byte deletion runs; every byte string decodes, so every candidate is a valid
   * question.
   */
  private static List<ValueReducer<byte[]>> forMutatorArguments(FuzzTestSession session) {
    return List.of();
  }
}
