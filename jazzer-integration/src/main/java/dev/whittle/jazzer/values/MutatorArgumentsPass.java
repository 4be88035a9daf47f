package dev.whittle.jazzer.values;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import java.util.Optional;

/**
 * The pass for inputs of Jazzer's mutation framework: one {@link MutatorArgumentsTurn} over the
 * decoded arguments per {@link #reduce} call. An input the framework's reader cannot decode (a
 * record's constructor threw) is returned as it is.
 */
final class MutatorArgumentsPass implements Pass<byte[]> {
  private final MutatorCodec codec;
  private final Optional<StringTreeMove.Memory> stringTrees;

  /**
   * Where the next sweep begins: after the step a turn was cut off in without finding anything (its
   * allowance spent), else at the first. The next turn would otherwise go on with that step's
   * remaining questions first, such as binary searches on values every move of which breaks the
   * failure, and the steps after it, which move several values at once, might never run.
   */
  private int resumeAt;

  /**
   * @param stringTrees whether strings that look like structured text are reduced as trees ({@link
   *     StringTreeMove}); off only to measure what that step brings
   */
  MutatorArgumentsPass(MutatorCodec codec, boolean stringTrees) {
    this.codec = codec;
    this.stringTrees = stringTrees ? Optional.of(new StringTreeMove.Memory()) : Optional.empty();
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
    MutatorArgumentsTurn sweep =
        new MutatorArgumentsTurn(codec, stringTrees, tester, current, arguments.get());
    boolean ended = false;
    try {
      byte[] result = sweep.run(resumeAt);
      ended = true;
      resumeAt = 0;
      return result;
    } finally {
      if (!ended) {
        resumeAt = sweep.found() ? 0 : sweep.stepUnderWay() + 1;
      }
    }
  }
}
