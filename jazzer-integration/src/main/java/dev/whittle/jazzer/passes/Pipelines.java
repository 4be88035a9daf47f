package dev.whittle.jazzer.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.fields.FieldPasses;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.TreePasses;
import dev.whittle.jazzer.values.FuzzedDataRecorder;
import dev.whittle.jazzer.values.ValuePasses;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The named pipelines: which passes run on an input of one kind, in which order. Every front door
 * takes its passes from here, so that {@code reduce --passes all} is what {@code minimize} runs.
 * Passes that do not {@linkplain Pass#appliesTo apply} to the content take no share of the
 * allowance, so a pipeline may hold passes for formats the input is not in.
 */
@API(status = INTERNAL, since = "0.1")
public final class Pipelines {
  /**
   * The byte passes, cheapest first: line runs (on text), block deletion, which takes an archive's
   * padding in a few questions, the TAR and ZIP entry passes (right after it and before zero runs,
   * which would zero the headers' fields and leave nothing they recognize), then the length-field
   * sweep, which on a large input would otherwise ask many questions before block deletion's few,
   * and the other binary-format passes, then the filler runs, which make large text uniform so that
   * the byte runs after them and the algorithm's certification of a result bound by its length ask
   * a question per run rather than per byte, byte runs last. The integer rewrites are not among
   * them: every content they rewrite gives the next round's passes a new input to sweep, for no
   * smaller result on the samples (docs/dev/benchmarks.md, "Binary formats").
   */
  private static final List<BytePass> BYTES =
      List.of(
          BytePass.LINE_RUNS,
          BytePass.BLOCKS,
          BytePass.TAR_ENTRIES,
          BytePass.ZIP_ENTRIES,
          BytePass.LENGTH_FIELDS,
          BytePass.OFFSET_FIELDS,
          BytePass.DUPLICATE_CHUNKS,
          BytePass.ZERO_RUNS,
          BytePass.FILL_RUNS,
          BytePass.BYTE_RUNS);

  private Pipelines() {}

  /**
   * The byte passes of a {@code byte[]} crash, in the order {@code whittle minimize} runs them, and
   * what {@code reduce --passes} {@value BytePass#ALL} names.
   */
  public static List<BytePass> bytes() {
    return BYTES;
  }

  /** The passes not in {@link #bytes()}, which run only when named. */
  public static List<BytePass> onlyWhenNamed() {
    return Arrays.stream(BytePass.values()).filter(pass -> !BYTES.contains(pass)).toList();
  }

  /**
   * A {@code byte[]} crash: the tree passes of the format the content looks like, each applying
   * only while the content looks like text (so that on a binary crash the byte passes' share of the
   * allowance stays what it was), then {@link #bytes()}.
   */
  public static List<Pass<byte[]>> crashBytes() {
    List<Pass<byte[]>> passes = new ArrayList<>(textTrees());
    passes.addAll(newPasses(BYTES, BytePass.LENGTH_FIELDS.newPass()));
    return passes;
  }

  /**
   * A corpus file: {@link #bytes()} without the tree passes and the filler runs (a filled run
   * rarely keeps the coverage it had), and with the length-field sweep that guesses no zero lengths
   * ({@link FieldPasses#lengthFieldsWithContent()}). Of many files' shrinking the length-field
   * sweep's runs are most of the time, and its guesses of a zero length are plain deletions the
   * other passes make.
   */
  public static List<Pass<byte[]>> corpusFile() {
    return newPasses(
        BYTES.stream().filter(pass -> pass != BytePass.FILL_RUNS).toList(),
        FieldPasses.lengthFieldsWithContent());
  }

  /**
   * The tree passes of a crash whose content may be text: those of the format the current content
   * looks like (each builds its tree from the current content), applying only to content that looks
   * like text. A regex crash with a run of NULs in it turns text once the bytes' deletions took
   * them out, and then its brackets count.
   */
  private static List<Pass<byte[]>> textTrees() {
    List<Pass<byte[]>> passes = new ArrayList<>();
    for (Pass<byte[]> pass :
        TreePasses.forText(LenientFormats.auto(), Algorithms.defaultAlgorithm())) {
      passes.add(new TextOnlyPass(pass));
    }
    return passes;
  }

  /** Fresh passes for {@code pipeline}, with {@code lengthFields} for the length-field sweep. */
  private static List<Pass<byte[]>> newPasses(List<BytePass> pipeline, Pass<byte[]> lengthFields) {
    return pipeline.stream()
        .map(pass -> pass == BytePass.LENGTH_FIELDS ? lengthFields : pass.newPass())
        .toList();
  }

  /**
   * A {@code FuzzedDataProvider} target's input: its recorded provider calls, whose values are made
   * smaller and encoded back into bytes.
   */
  public static List<Pass<byte[]>> fuzzedDataValues(FuzzedDataRecorder recorder) {
    return List.of(ValuePasses.forFuzzedDataProvider(recorder));
  }

  /**
   * A fuzz test's structured parameters: the bytes are the mutation framework's encoding, where
   * byte-level passes mostly shift later fields, so the pass decodes the argument values, shrinks
   * them and encodes them back with the framework's own writer.
   */
  public static List<Pass<byte[]>> mutatorArguments(Method method) {
    return List.of(ValuePasses.forMutatorArguments(method));
  }

  /** Fresh passes for the names {@code passes} gives, in their order. */
  public static List<Pass<byte[]>> newPasses(List<BytePass> passes) {
    return passes.stream().map(BytePass::newPass).toList();
  }
}
