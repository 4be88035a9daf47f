package dev.whittle.jazzer.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Oracle;
import dev.whittle.api.ValueReducer;
import dev.whittle.engine.passes.BytePasses;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.TreePasses;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.values.MutatorArguments;
import dev.whittle.jazzer.values.ValueReducers;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The one place where the value reducers for an entry point are chosen, by how it takes its input:
 * recorded provider calls for a {@code FuzzedDataProvider}, the tree passes (on text) and the
 * format-generic byte passes for {@code byte[]}, and for a fuzz test with structured parameters
 * (the mutation framework's encoding) its decoded values, asked only in the framework's own
 * encoding.
 */
@API(status = INTERNAL, since = "0.1")
public final class ValueReducerChoice {
  private ValueReducerChoice() {}

  /**
   * The value reducers for {@code session}'s entry point: for a {@code byte[]} target the tree
   * passes first, each {@linkplain ValueReducer#appliesTo applying} only while the content looks
   * like text (so that on a binary crash the byte passes' share of the allowance stays what it
   * was), then the byte passes.
   */
  public static List<ValueReducer<byte[]>> forSession(TargetRunner session) {
    switch (session.inputKind()) {
      case FUZZED_DATA_PROVIDER:
        return List.of(ValueReducers.forFuzzedDataProvider(session::recordCalls));
      case MUTATOR_ARGUMENTS:
        return forMutatorArguments(session);
      default:
        List<ValueReducer<byte[]>> passes = new ArrayList<>();
        // The tree passes of the format the content looks like (each builds its tree from the
        // current content), on content that looks like text: a regex crash with a run of NULs
        // in it turns text once the bytes' deletions took them out, and then its brackets count.
        for (ValueReducer<byte[]> pass :
            TreePasses.forText(LenientFormats.auto(), Algorithms.defaultAlgorithm())) {
          passes.add(new TextOnlyPass(pass));
        }
        passes.addAll(bytePasses());
        return passes;
    }
  }

  /**
   * The byte passes, cheapest first: line runs (on text), block deletion, which takes an archive's
   * padding in a few questions, the TAR and ZIP entry passes (right after it and before zero runs,
   * which would zero the headers' fields and leave nothing they recognize), then the length-field
   * sweep, whose first turn on a large input would otherwise cost a hundred questions before block
   * deletion's twenty, and the other binary-format passes, byte runs last. Passes that do not
   * {@linkplain ValueReducer#appliesTo apply} to the content take no share of the allowance.
   */
  private static List<ValueReducer<byte[]>> bytePasses() {
    return bytePasses(BytePasses.lengthFields());
  }

  private static List<ValueReducer<byte[]>> bytePasses(ValueReducer<byte[]> lengthFields) {
    List<ValueReducer<byte[]>> passes = new ArrayList<>();
    passes.add(BytePasses.lineRuns());
    for (ValueReducer<byte[]> pass : BytePasses.binaryFormats()) {
      passes.add(pass);
      if (pass.name().equals(BytePasses.blocks().name())) {
        passes.addAll(BytePasses.archiveEntries());
        passes.add(lengthFields);
      }
    }
    passes.add(BytePasses.byteRuns());
    return passes;
  }

  /**
   * For shrinking a corpus file: {@link #forSession}'s without the tree passes (the corpus figures
   * of docs/benchmarks.md, section 20, were measured without them) and with the length-field sweep
   * that guesses no zero lengths ({@link BytePasses#lengthFieldsWithContent()}).
   */
  public static List<ValueReducer<byte[]>> forCorpusSession(TargetRunner session) {
    if (session.inputKind() != TargetRunner.InputKind.BYTES) {
      return forSession(session);
    }
    // Many files' shrinking, where the length-field sweep's runs are most of the time: its guesses
    // of a zero length, plain deletions the other passes make, are left out.
    return bytePasses(BytePasses.lengthFieldsWithContent());
  }

  /**
   * Structured parameters: the bytes are the mutation framework's encoding, where byte-level passes
   * mostly shift later fields, so the value reducer decodes the argument values, shrinks them and
   * encodes them back with the framework's own writer.
   */
  private static List<ValueReducer<byte[]>> forMutatorArguments(TargetRunner session) {
    return List.of(ValueReducers.forMutatorArguments(session.testMethod().orElseThrow()));
  }

  /**
   * The oracle the reduction asks: for structured parameters with value reduction, only the
   * framework's own encodings of their values count (and the original), so that deleting bytes
   * cannot trade small values for fewer bytes ({@code 00 00 00 65}, x = 101, cut to {@code 65}, x =
   * 0x65000000); the result is then small in its values, as a JUnit user reading a shrunk sample
   * expects, and an input Jazzer itself could have written.
   */
  public static Oracle<byte[]> restrict(
      TargetRunner session, byte[] original, Oracle<byte[]> oracle) {
    if (session.inputKind() != TargetRunner.InputKind.MUTATOR_ARGUMENTS) {
      return oracle;
    }
    return MutatorArguments.onlyCanonical(session.testMethod().orElseThrow(), original, oracle);
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
