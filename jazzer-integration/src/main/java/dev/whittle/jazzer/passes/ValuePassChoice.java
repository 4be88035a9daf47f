package dev.whittle.jazzer.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.values.MutatorArguments;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Picks the {@linkplain Pipelines pipeline} for an entry point by how it takes its input: recorded
 * provider calls for a {@code FuzzedDataProvider}, the tree passes (on text) and the byte passes
 * for {@code byte[]}, and for a fuzz test with structured parameters (the mutation framework's
 * encoding) its decoded values, asked only in the framework's own encoding.
 */
@API(status = INTERNAL, since = "0.1")
public final class ValuePassChoice {
  private ValuePassChoice() {}

  /** The passes for a crash of {@code runner}'s entry point. */
  public static List<Pass<byte[]>> forRunner(TargetRunner runner) {
    switch (runner.inputKind()) {
      case FUZZED_DATA_PROVIDER:
        return Pipelines.fuzzedDataValues(runner::recordCalls);
      case MUTATOR_ARGUMENTS:
        return Pipelines.mutatorArguments(runner.testMethod().orElseThrow());
      default:
        return Pipelines.crashBytes();
    }
  }

  /** The passes for shrinking a corpus file of {@code runner}'s entry point. */
  public static List<Pass<byte[]>> forCorpusFile(TargetRunner runner) {
    if (runner.inputKind() != TargetRunner.InputKind.BYTES) {
      return forRunner(runner);
    }
    return Pipelines.corpusFile();
  }

  /**
   * The oracle the reduction asks: for structured parameters with value reduction, only the
   * framework's own encodings of their values count (and the original), so that deleting bytes
   * cannot trade small values for fewer bytes ({@code 00 00 00 65}, x = 101, cut to {@code 65}, x =
   * 0x65000000); the result is then small in its values, as a JUnit user reading a shrunk sample
   * expects, and an input Jazzer itself could have written.
   */
  public static Oracle<byte[]> restrict(
      TargetRunner runner, byte[] original, Oracle<byte[]> oracle) {
    if (runner.inputKind() != TargetRunner.InputKind.MUTATOR_ARGUMENTS) {
      return oracle;
    }
    return MutatorArguments.onlyCanonical(runner.testMethod().orElseThrow(), original, oracle);
  }

  /**
   * A fuzz test's input as the call it makes, {@code method("abc", 7)}, for structured parameters;
   * empty for {@code byte[]} and {@code FuzzedDataProvider}, whose bytes say it all.
   */
  public static Optional<String> describe(Method method, byte[] input) {
    Class<?>[] types = method.getParameterTypes();
    if (types.length == 1 && (types[0] == byte[].class || types[0] == FuzzedDataProvider.class)) {
      return Optional.empty();
    }
    return Optional.of(method.getName() + "(" + MutatorArguments.describe(method, input) + ")");
  }
}
