package dev.whittle.engine.passes.text;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.ContentTester;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Fill-all: large text made uniform in a few questions, what must stay kept. */
class FillAllPassTest {
  /** Lines of varied letters: the first {@code BEGIN}, the last {@code END}. */
  private static String varied(int lines) {
    SplittableRandom random = new SplittableRandom(11);
    StringBuilder out = new StringBuilder("BEGIN\n");
    for (int line = 0; line < lines; line++) {
      for (int i = 0; i < 39; i++) {
        out.append((char) ('b' + random.nextInt(20)));
      }
      out.append('\n');
    }
    return out.append("END").toString();
  }

  /** How many lines {@code data} has. */
  private static long lines(byte[] data) {
    return new String(data, ISO_8859_1).lines().count();
  }

  private static String reduce(String input, Predicate<byte[]> interesting, AtomicLong asked) {
    return reduce(new FillAllPass(), input, interesting, asked);
  }

  private static String reduce(
      FillAllPass pass, String input, Predicate<byte[]> interesting, AtomicLong asked) {
    ContentTester<byte[]> tester =
        candidate -> {
          asked.incrementAndGet();
          return interesting.test(candidate);
        };
    return new String(pass.reduce(input.getBytes(ISO_8859_1), tester), ISO_8859_1);
  }

  @Test
  void aFailureBoundByAnEmptyLineAtABoundaryKeepsOnlyThatLineBreakAndLength() {
    // As jackson-dataformat-csv 2.10.3's: an empty line that ends at a buffer boundary.
    String lines = varied(60);
    String input = lines.substring(0, 1998) + "\n\n" + lines.substring(2000);
    AtomicLong asked = new AtomicLong();
    String out =
        reduce(
            input, data -> data.length >= 2400 && data[1998] == '\n' && data[1999] == '\n', asked);

    assertEquals("a".repeat(1998) + "\n\n" + "a".repeat(input.length() - 2000), out);
    assertTrue(asked.get() <= 2 + 2 * 7 + 1, asked + " questions");
  }

  @Test
  void theLineBreaksThatMustStayAreKept() {
    String input = varied(60);
    // Filling the line breaks too gives one line; with them kept, the letter does it; 12 can go.
    String out = reduce(input, data -> data.length >= 2000 && lines(data) >= 50, new AtomicLong());

    String filled = input.replaceAll("[^\n]", "a");
    int thirteenth = -1;
    for (int i = 0; i < 13; i++) {
      thirteenth = filled.indexOf('\n', thirteenth + 1);
    }
    String expected =
        filled.substring(0, thirteenth).replace('\n', 'a') + filled.substring(thirteenth);
    assertEquals(expected, out);
  }

  @Test
  void aFailureBoundByLengthAloneLosesTheLineBreaksToo() {
    String input = varied(60);
    String out = reduce(input, data -> data.length >= 2000, new AtomicLong());

    assertEquals("a".repeat(input.length()), out);
  }

  @Test
  void theFirstAndLastLineStayAndEverythingBetweenIsFilled() {
    String input = varied(60);
    AtomicLong asked = new AtomicLong();
    Predicate<byte[]> framed =
        data -> {
          String text = new String(data, ISO_8859_1);
          return data.length >= 2000 && text.startsWith("BEGIN\n") && text.endsWith("\nEND");
        };
    FillAllPass pass = new FillAllPass();
    assertEquals(input, reduce(pass, input, framed, asked), "the first turn fills only all of it");
    assertEquals(4, asked.get(), "everything, then the three fillers with the line breaks kept");
    asked.set(0);
    String out = reduce(pass, input, framed, asked);

    String middle = input.substring(6, input.length() - 4).replaceAll("[^\n]", "a");
    assertEquals("BEGIN\n" + middle + "\nEND", out);
    assertTrue(
        asked.get() <= FillAllPass.questionLimit(input.length()),
        asked.get() + " questions, limit " + FillAllPass.questionLimit(input.length()));
  }

  @Test
  void noCallAsksMoreThanItsLimit() {
    String input = varied(60);
    AtomicLong asked = new AtomicLong();
    // Every byte matters: each bisection finds one that must stay, until the limit ends the call.
    FillAllPass pass = new FillAllPass();
    Predicate<byte[]> original = data -> new String(data, ISO_8859_1).equals(input);
    assertEquals(input, reduce(pass, input, original, asked));
    asked.set(0);
    String out = reduce(pass, input, original, asked);

    assertEquals(input, out);
    assertEquals(FillAllPass.questionLimit(input.length()), asked.get());
  }

  @Test
  void uniformSmallAndRepeatedContentIsLeftWithoutAQuestion() {
    byte[] uniform = "aaaa\n".repeat(300).getBytes(ISO_8859_1);
    byte[] small = "bcd#".repeat(20).getBytes(ISO_8859_1);
    FillAllPass pass = new FillAllPass();
    assertSame(uniform, pass.reduce(uniform, data -> fail()));
    assertSame(small, pass.reduce(small, data -> fail()));
    assertFalse(pass.appliesTo(small));
    assertFalse(pass.appliesTo(new byte[TreeSizeLimit.MAX_BYTES + 1]), "as the tree passes");

    byte[] input = varied(60).getBytes(ISO_8859_1);
    Predicate<byte[]> begins = data -> new String(data, ISO_8859_1).startsWith("BEGIN");
    pass.reduce(input, begins::test);
    byte[] once = pass.reduce(input, begins::test);
    byte[] copy = once.clone();
    assertSame(copy, pass.reduce(copy, data -> fail()), "what it returned last is asked again");
  }

  private static boolean fail() {
    throw new AssertionError("asked a question");
  }
}
