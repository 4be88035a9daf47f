package dev.whittle.jazzer.values;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.whittle.api.Algorithms;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.TreePasses;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Tree reduction of one string value inside a larger input: the default tree passes for text (HDD*,
 * hollow, lift, debracket over the lenient tree of the format the value looks like) run over the
 * value's UTF-8 bytes, and every candidate value is put back into the whole input by the caller's
 * encoder and asked through the caller's tester. So a JSON document a fuzz target reads with {@code
 * consumeRemainingAsString()}, or takes as a {@code String} parameter, loses whole members and
 * nesting levels in one question each, as the same document in a file does with {@code whittle
 * reduce}; the questions go to the reduction's one oracle loop, with its cache, budget and the pass
 * allowance of the pass that runs this step.
 *
 * <p>The one place both passes ({@code FuzzedDataProvider} values and the mutation framework's
 * arguments) reduce strings as trees.
 */
final class StringTreeMove {
  /**
   * Below this many bytes the passes' own deletion of characters is cheaper than building trees,
   * and short strings rarely have structure worth it (RingBufferFuzzer's 8-character elements keep
   * their run count so).
   */
  static final int MIN_BYTES = 16;

  private StringTreeMove() {}

  /**
   * What a pass remembers between its turns: for each string (by a key of the caller's, a call's
   * index or an argument's path) the length the step last left it at. The step runs again on a
   * string only once other moves took off at least a quarter of that: the reducer runs once per
   * turn until nothing changes, and character deletion after the step usually takes off a few
   * characters that the trees would not have kept either, so a second full run of the passes on
   * nearly the same text would mostly ask again what the first one was told, in new inputs the
   * cache does not know.
   */
  static final class Memory {
    private final Map<Object, Integer> lengths = new HashMap<>();

    /** Whether the step is worth running on {@code value} at {@code key}. */
    synchronized boolean isDue(Object key, String value) {
      Integer last = lengths.get(key);
      return last == null || value.length() <= last - Math.max(1, last / 4);
    }

    /** The step left the string at {@code key} as {@code value}. */
    synchronized void ran(Object key, String value) {
      lengths.put(key, value.length());
    }
  }

  /**
   * Whether {@code value} is worth a tree: text of at least {@link #MIN_BYTES} bytes in UTF-8 that
   * round-trips through it (no unpaired surrogate), whose format is not plain bytes, and not plain
   * lines unless it has more than one line.
   */
  static boolean applies(String value) {
    byte[] bytes = value.getBytes(UTF_8);
    if (bytes.length < MIN_BYTES || !LenientFormats.looksLikeText(bytes)) {
      return false;
    }
    if (!decode(bytes).map(value::equals).orElse(false)) {
      return false;
    }
    String format = LenientFormats.detect(bytes).name();
    return !format.equals("bytes") && !(format.equals("lines") && value.indexOf('\n') < 0);
  }

  /**
   * Runs the tree passes once over {@code value}. A candidate value is asked only when it is valid
   * UTF-8 and {@code input} gives a whole input for it (empty: the caller cannot lay it out, or
   * would not take it, say because it is larger than the best input).
   *
   * @return the smallest value whose input the tester called interesting, or {@code value} itself
   *     when there is none
   */
  static String reduce(
      String value, Function<String, Optional<byte[]>> input, ContentTester<byte[]> tester) {
    byte[] start = value.getBytes(UTF_8);
    byte[] current = start;
    ContentTester<byte[]> valueTester = new ValueTester(input, tester);
    for (Pass<byte[]> pass :
        TreePasses.forText(LenientFormats.auto(), Algorithms.defaultAlgorithm())) {
      current = pass.reduce(current, valueTester);
    }
    return current == start ? value : decode(current).orElse(value);
  }

  /** Strict UTF-8: a cut inside a multi-byte character is no value at all. */
  private static Optional<String> decode(byte[] bytes) {
    try {
      return Optional.of(
          UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  /** The passes' tester: value bytes to a string, to a whole input, to the caller's tester. */
  private static final class ValueTester implements ContentTester<byte[]> {
    private final Function<String, Optional<byte[]>> input;
    private final ContentTester<byte[]> tester;

    ValueTester(Function<String, Optional<byte[]>> input, ContentTester<byte[]> tester) {
      this.input = input;
      this.tester = tester;
    }

    private Optional<byte[]> whole(byte[] candidate) {
      return decode(candidate).flatMap(input);
    }

    @Override
    public boolean isInteresting(byte[] candidate) {
      Optional<byte[]> whole = whole(candidate);
      return whole.isPresent() && tester.isInteresting(whole.get());
    }

    @Override
    public int parallelism() {
      return tester.parallelism();
    }

    @Override
    public boolean[] areInteresting(List<byte[]> candidates) {
      boolean[] answers = new boolean[candidates.size()];
      List<Integer> asked = new ArrayList<>();
      List<byte[]> wholes = new ArrayList<>();
      for (int i = 0; i < answers.length; i++) {
        Optional<byte[]> whole = whole(candidates.get(i));
        if (whole.isPresent()) {
          asked.add(i);
          wholes.add(whole.get());
        }
      }
      if (!wholes.isEmpty()) {
        boolean[] outer = tester.areInteresting(wholes);
        for (int k = 0; k < outer.length; k++) {
          answers[asked.get(k)] = outer[k];
        }
      }
      return answers;
    }
  }
}
