package dev.whittle.engine.passes;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.whittle.api.Pass;
import dev.whittle.engine.passes.archives.ArchivePasses;
import dev.whittle.engine.passes.bytes.BytePasses;
import dev.whittle.engine.passes.fields.FieldPasses;
import dev.whittle.engine.passes.text.TextPasses;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every byte pass promises, on random inputs and oracles (seeded, so a failure reproduces):
 * each question is strictly {@linkplain ByteArrays#isSimpler simpler} than the last content the
 * pass was told is interesting (so it never proposes the current content and no chain of passes can
 * cycle), the result is the input itself or an interesting answer, and the questions stay within a
 * bound linear in the input's size; a pass that says it does not {@linkplain Pass#appliesTo apply}
 * to an input asks nothing about it.
 */
class BytePassContractTest {
  static Stream<Arguments> passes() {
    List<Supplier<Pass<byte[]>>> all =
        List.of(
            TextPasses::lineRuns,
            FieldPasses::lengthFields,
            FieldPasses::lengthFieldsWithContent,
            BytePasses::byteRuns,
            BytePasses::blocks,
            ArchivePasses::tarEntries,
            ArchivePasses::zipEntries,
            FieldPasses::offsetFields,
            BytePasses::duplicateChunks,
            FieldPasses::integerFields,
            TextPasses::textNumbers,
            BytePasses::zeroRuns);
    return all.stream().map(factory -> Arguments.of(factory.get().name(), factory));
  }

  /** A generous bound on one call's questions: the largest of the passes' own limits. */
  private static long questionBound(int size) {
    return 20_000L + 64L * size;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("passes")
  void questionsAreStrictlySimplerAndTheResultIsInteresting(
      String name, Supplier<Pass<byte[]>> factory) {
    SplittableRandom random = new SplittableRandom(name.hashCode());
    for (int trial = 0; trial < 60; trial++) {
      byte[] input = randomInput(random);
      long salt = random.nextLong();
      int modulus = 2 + random.nextInt(4);
      // Deterministic, so that the same candidate gets the same answer, and accepting a fair share.
      Predicate<byte[]> oracle = data -> Math.floorMod(Arrays.hashCode(data) ^ salt, modulus) == 0;
      runChecked(name, factory.get(), input, oracle);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("passes")
  void repeatedCallsReachAFixedPoint(String name, Supplier<Pass<byte[]>> factory) {
    SplittableRandom random = new SplittableRandom(~name.hashCode());
    for (int trial = 0; trial < 10; trial++) {
      byte[] input = randomInput(random);
      int keep = random.nextInt(Math.max(1, input.length));
      byte kept = input.length == 0 ? 0 : input[keep];
      // Interesting while some byte equal to the chosen one remains: much can go.
      Predicate<byte[]> oracle =
          data -> {
            for (byte b : data) {
              if (b == kept) {
                return true;
              }
            }
            return input.length == 0;
          };
      Pass<byte[]> pass = factory.get();
      byte[] current = input;
      for (int call = 0; ; call++) {
        if (call > 2 * input.length + 10) {
          fail(name + " did not reach a fixed point on " + Arrays.toString(input));
        }
        byte[] next = runChecked(name, pass, current, oracle);
        if (next == current) {
          break;
        }
        assertTrue(ByteArrays.isSimpler(next, current), name + ": a call made nothing simpler");
        current = next;
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("passes")
  void nothingInterestingLeavesTheInputAsItIs(String name, Supplier<Pass<byte[]>> factory) {
    SplittableRandom random = new SplittableRandom(name.hashCode() * 31L);
    for (int trial = 0; trial < 20; trial++) {
      byte[] input = randomInput(random);
      assertSame(input, runChecked(name, factory.get(), input, data -> false), name);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("passes")
  void aPassThatDoesNotApplyAsksNothing(String name, Supplier<Pass<byte[]>> factory) {
    SplittableRandom random = new SplittableRandom(name.hashCode() * 17L);
    for (int trial = 0; trial < 60; trial++) {
      byte[] input = randomInput(random);
      Pass<byte[]> pass = factory.get();
      if (pass.appliesTo(input)) {
        continue;
      }
      byte[] result =
          pass.reduce(
              input,
              candidate -> {
                throw new AssertionError(name + " does not apply, yet asked a question");
              });
      assertSame(input, result, name);
    }
  }

  private static byte[] runChecked(
      String name, Pass<byte[]> pass, byte[] input, Predicate<byte[]> oracle) {
    byte[] original = input.clone();
    List<byte[]> interesting = new ArrayList<>();
    byte[][] accepted = {input};
    long[] asked = {0};
    byte[] result =
        pass.reduce(
            input,
            candidate -> {
              asked[0]++;
              if (!ByteArrays.isSimpler(candidate, accepted[0])) {
                fail(name + " asked about a candidate not simpler than " + describe(accepted[0]));
              }
              boolean answer = oracle.test(candidate);
              if (answer) {
                accepted[0] = candidate;
                interesting.add(candidate);
              }
              return answer;
            });
    assertTrue(Arrays.equals(original, input), name + " changed its input array");
    assertTrue(asked[0] <= questionBound(input.length), name + " asked " + asked[0] + " questions");
    assertTrue(
        result == input || interesting.stream().anyMatch(c -> c == result),
        name + " returned something it was not told is interesting");
    assertFalse(result != input && Arrays.equals(result, input), name + " returned a copy");
    return result;
  }

  /** Text, binary noise, block-structured or offset-indexed data, of 0 to about 2 KB. */
  private static byte[] randomInput(SplittableRandom random) {
    int size = random.nextInt(4) == 0 ? random.nextInt(16) : random.nextInt(2048);
    byte[] data = new byte[size];
    switch (random.nextInt(4)) {
      case 0 -> {
        String words = "alpha beta 0644 retries=10 gamma\n";
        byte[] text = words.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < size; i++) {
          data[i] = text[random.nextInt(text.length)];
        }
      }
      case 1 -> random.nextBytes(data);
      case 2 -> {
        for (int i = 0; i < size; i++) {
          data[i] = (byte) (i % 512 < 8 ? random.nextInt(4) : 0);
        }
      }
      default -> {
        random.nextBytes(data);
        for (int i = 8; i + 8 <= Math.min(size, 72); i += 8) {
          int offset = random.nextInt(Math.max(1, size));
          data[i] = (byte) offset;
          data[i + 1] = (byte) (offset >>> 8);
          data[i + 2] = 0;
          data[i + 3] = 0;
          data[i + 4] = (byte) random.nextInt(Math.max(1, size - offset));
          data[i + 5] = 0;
          data[i + 6] = 0;
          data[i + 7] = 0;
        }
      }
    }
    return data;
  }

  private static String describe(byte[] data) {
    return data.length + " bytes";
  }
}
