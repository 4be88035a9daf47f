package dev.whittle.jazzer.values;

import dev.whittle.api.ContentTester;
import dev.whittle.api.ValueReducer;
import java.util.Optional;

/**
 * The value reducer for inputs of Jazzer's mutation framework: one {@link MutatorArgumentsSweep}
 * over the decoded arguments per {@link #reduce} call. An input the framework's reader cannot
 * decode (a record's constructor threw) is returned as it is.
 */
final class MutatorArgumentsValueReducer implements ValueReducer<byte[]> {
  private final MutatorCodec codec;
  private final Optional<StringTreeStep.Memory> stringTrees;

  /**
   * @param stringTrees whether strings that look like structured text are reduced as trees ({@link
   *     StringTreeStep}); off only to measure what that step brings
   */
  MutatorArgumentsValueReducer(MutatorCodec codec, boolean stringTrees) {
    this.codec = codec;
    this.stringTrees = stringTrees ? Optional.of(new StringTreeStep.Memory()) : Optional.empty();
  }

  @Override
  public String name() {
    return "mutator-arguments";
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    Optional<Object[]> arguments = codec.tryDecode(current);
    if (arguments.isEmpty()) {
      return current;
    }
    return new MutatorArgumentsSweep(codec, stringTrees, tester, current, arguments.get()).run();
  }
}
