package dev.whittle.engine.passes.text;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Oracle;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.passes.bytes.BytePasses;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Line runs and byte runs: structure a byte-by-byte sweep leaves in place. */
class RunPassesTest {
  /**
   * Interesting: "BUG" stands on a line of its own somewhere, and every line that starts with
   * "begin" has a matching "end" line later (a wrapper that only goes as a whole).
   */
  private static final Predicate<String> BUG_IN_BALANCED_BLOCKS =
      text -> {
        int open = 0;
        boolean bug = false;
        for (String line : text.split("\n", -1)) {
          if (line.startsWith("begin")) {
            open++;
          } else if (line.equals("end")) {
            if (--open < 0) {
              return false;
            }
          }
          bug |= line.equals("BUG");
        }
        return bug && open == 0;
      };

  @Test
  void aWrapperWhoseHeadAndTailOnlyGoTogetherComesOff() {
    String input = "begin outer\nbegin inner\nx=1\nBUG\ny=2\nend\nend\n";
    Predicate<byte[]> oracle = bytes -> BUG_IN_BALANCED_BLOCKS.test(new String(bytes, ISO_8859_1));
    assertTrue(oracle.test(input.getBytes(ISO_8859_1)));

    byte[] bytesOnly =
        Whittle.reduce(SequenceInputs.bytes(input.getBytes(ISO_8859_1)))
            .run(Oracle.of(oracle))
            .reduced();
    byte[] withLines =
        Whittle.reduce(SequenceInputs.bytes(input.getBytes(ISO_8859_1)))
            .withPass(TextPasses.lineRuns())
            .run(Oracle.of(oracle))
            .reduced();

    assertTrue(new String(bytesOnly, ISO_8859_1).contains("begin"), "deletion keeps the blocks");
    assertEquals("BUG", new String(withLines, ISO_8859_1).strip());
  }

  @Test
  void aParameterThatOnlyGoesAsAWholeComesOff() {
    // Interesting: the disposition is "attachment"; a parameter must be name=value, name not empty.
    Predicate<byte[]> attachment =
        bytes -> {
          String text = new String(bytes, ISO_8859_1);
          String[] parts = text.split(";", -1);
          if (!parts[0].equals("attachment")) {
            return false;
          }
          for (int i = 1; i < parts.length; i++) {
            int equals = parts[i].indexOf('=');
            if (equals <= 0) {
              return false;
            }
          }
          return true;
        };
    byte[] input = "attachment;e=".getBytes(ISO_8859_1);

    byte[] reduced = BytePasses.byteRuns().reduce(input, attachment::test);

    assertEquals("attachment", new String(reduced, ISO_8859_1));
  }

  @Test
  void binaryInputIsNoTextAndGetsNoQuestions() {
    byte[] binary = {'W', 'I', 'M', 'G', 0, 0, 0, 6, '\n', 0, 1, 2, '\n', 3, 4, 5, 6, 7};
    long[] asked = {0};
    byte[] reduced =
        new LineRunPass()
            .reduce(
                binary,
                candidate -> {
                  asked[0]++;
                  return true;
                });

    assertSame(binary, reduced);
    assertEquals(0, asked[0]);
    assertTrue(LineRunPass.looksLikeText("Content-Type: text/plain\n\nhällo\n".getBytes()));
  }

  @Test
  void nothingToDeleteReturnsTheSameInputAndStaysWithinTheLimits() {
    byte[] input = "one\ntwo\nthree\n".getBytes(ISO_8859_1);
    long[] asked = {0};
    byte[] lines =
        new LineRunPass()
            .reduce(
                input,
                candidate -> {
                  asked[0]++;
                  return false;
                });
    byte[] bytes = BytePasses.byteRuns().reduce(input, candidate -> false);

    assertSame(input, lines);
    assertSame(input, bytes);
    assertTrue(asked[0] > 0 && asked[0] <= LineRunPass.questionLimit(input.length));
  }

  @Test
  void byteRunsAskNoDeletionTwiceInARunOfEqualBytes() {
    // Deleting two braces anywhere in a run of them is the same content: one question for the run.
    byte[] input = ("a" + "{".repeat(200) + "b").getBytes(ISO_8859_1);
    List<String> asked = new ArrayList<>();
    byte[] bytes =
        BytePasses.byteRuns()
            .reduce(
                input,
                candidate -> {
                  asked.add(new String(candidate, ISO_8859_1));
                  return false;
                });

    assertSame(input, bytes);
    assertEquals(asked.size(), new HashSet<>(asked).size(), asked.toString());
    // Per run length: before the braces, one in them, one for their end.
    assertTrue(asked.size() <= 3 * 3, asked.toString());
  }
}
