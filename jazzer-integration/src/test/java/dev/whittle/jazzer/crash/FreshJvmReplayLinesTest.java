package dev.whittle.jazzer.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.Recursion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the fresh JVM prints is read back into the same finding, whatever else it prints. */
class FreshJvmReplayLinesTest {
  private static String printed(Finding finding) {
    StringBuilder out = new StringBuilder("the target's own output\n");
    for (String line : FreshJvmReplay.render(finding)) {
      out.append(FreshJvmReplay.PREFIX).append(line).append('\n');
    }
    return out.append("more output\n").toString();
  }

  @Test
  void aThrownFindingComesBackWithItsTokenClassAndFrames() {
    Finding thrown =
        Finding.thrown(
            "java.lang.StackOverflowError",
            "ignored",
            0x80738b0a5805c1a6L,
            List.of("a.B.c(B.java:1)", "a.B.d(B.java:2)"));

    Finding back = FreshJvmCheck.parse(printed(thrown), List.of());

    assertTrue(back.hasSameIdentityAs(thrown), back.toString());
    assertEquals(thrown.frames(), back.frames());
  }

  @Test
  void aStackOverflowComesBackWithItsRecursion() {
    Recursion recursion =
        Recursion.of(List.of("a.B.c(B.java:1)", "a.B.d(B.java:2)"), "a.B.e(B.java:3)");
    Finding thrown =
        Finding.thrown(
            "java.lang.StackOverflowError", null, 42L, List.of("a.B.c(B.java:1)"), recursion);
    Finding withoutEntry =
        Finding.thrown(
            "java.lang.StackOverflowError",
            null,
            42L,
            List.of(),
            Recursion.of(recursion.frames(), null));

    assertEquals(recursion, FreshJvmCheck.parse(printed(thrown), List.of()).recursion().get());
    assertEquals(
        withoutEntry.recursion(),
        FreshJvmCheck.parse(printed(withoutEntry), List.of()).recursion());
  }

  @Test
  void timeoutsExitsAndNothingComeBack() {
    assertEquals(
        Finding.Kind.TIMEOUT, FreshJvmCheck.parse(printed(Finding.timeout()), List.of()).kind());
    assertEquals(3, FreshJvmCheck.parse(printed(Finding.exit(3)), List.of()).exitStatus());
    assertNull(FreshJvmCheck.parse(printed(null), List.of()));
  }

  @Test
  void aChildThatRanNothingIsAnError() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> FreshJvmCheck.parse("Error: could not find main class", List.of("java")));
    assertTrue(e.getMessage().contains("did not run the target"), e.getMessage());
  }
}
