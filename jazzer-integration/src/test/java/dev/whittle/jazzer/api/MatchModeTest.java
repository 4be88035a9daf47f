package dev.whittle.jazzer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MatchModeTest {
  private static final Finding ORIGINAL =
      Finding.thrown("java.lang.IllegalStateException", "m", 1L, List.of("a", "b", "c"));

  @Test
  void dedupTokenNeedsTheSameTokenAndType() {
    assertTrue(
        MatchMode.dedupToken()
            .matches(ORIGINAL, thrown("java.lang.IllegalStateException", 1L, "x")));
    assertFalse(
        MatchMode.dedupToken()
            .matches(ORIGINAL, thrown("java.lang.IllegalStateException", 2L, "a", "b", "c")));
  }

  @Test
  void exceptionTypeIgnoresWhere() {
    assertTrue(
        MatchMode.exceptionType().matches(ORIGINAL, thrown("java.lang.IllegalStateException", 9L)));
    assertFalse(
        MatchMode.exceptionType().matches(ORIGINAL, thrown("java.lang.Error", 1L, "a", "b", "c")));
  }

  @Test
  void topFramesComparesTheInnermostFramesOnly() {
    assertTrue(
        MatchMode.topFrames(2).matches(ORIGINAL, thrown("java.lang.Error", 9L, "a", "b", "z")));
    assertFalse(
        MatchMode.topFrames(3).matches(ORIGINAL, thrown("java.lang.Error", 9L, "a", "b", "z")));
    assertFalse(MatchMode.topFrames(5).matches(ORIGINAL, thrown("java.lang.Error", 9L, "a", "b")));
  }

  @Test
  void timeoutsAndExitsOnlyMatchTheirOwnKind() {
    for (MatchMode mode :
        List.of(MatchMode.dedupToken(), MatchMode.exceptionType(), MatchMode.topFrames(1))) {
      assertTrue(mode.matches(Finding.timeout(), Finding.timeout()));
      assertFalse(mode.matches(Finding.timeout(), ORIGINAL));
      assertTrue(mode.matches(Finding.exit(3), Finding.exit(3)));
      assertFalse(mode.matches(Finding.exit(3), Finding.exit(4)));
      assertFalse(mode.matches(ORIGINAL, Finding.exit(0)));
    }
  }

  @Test
  void outOfMemoryErrorsWhoseFramesDifferOnlyInHiddenClassesMatch() {
    String inner = "a.Array.<init>(Array.java:414)";
    String outer = "a.Reader.read(Reader.java:575)";
    Finding jvms =
        Finding.thrown(
            "java.lang.OutOfMemoryError",
            null,
            5L,
            List.of(inner, "a.Reader$$Lambda$63/0x00007efdcc0ca000.read(Unknown Source)", outer));
    Finding anotherJvms =
        Finding.thrown(
            "java.lang.OutOfMemoryError",
            null,
            6L,
            List.of(inner, "a.Reader$$Lambda$61/0x00007f0011223344.read(Unknown Source)", outer));
    Finding filledInJava =
        Finding.thrown("java.lang.OutOfMemoryError", null, 7L, List.of(inner, outer));
    assertTrue(MatchMode.dedupToken().matches(jvms, anotherJvms));
    assertTrue(MatchMode.dedupToken().matches(jvms, filledInJava));
    assertFalse(
        MatchMode.dedupToken()
            .matches(jvms, Finding.thrown("java.lang.OutOfMemoryError", null, 8L, List.of(outer))),
        "a visible frame differs");
    assertFalse(
        MatchMode.dedupToken()
            .matches(
                Finding.thrown("java.lang.IllegalStateException", null, 5L, jvms.frames()),
                Finding.thrown("java.lang.IllegalStateException", null, 6L, anotherJvms.frames())),
        "only out-of-memory errors");
  }

  @Test
  void anOutOfMemoryErrorWithoutStackMatchesAnOutOfMemoryOriginal() {
    Finding traced = Finding.thrown("java.lang.OutOfMemoryError", null, 5L, List.of("f"));
    Finding stackless = Finding.thrown("java.lang.OutOfMemoryError", null, 6L, List.of());
    assertTrue(MatchMode.dedupToken().matches(traced, stackless));
    assertFalse(
        MatchMode.dedupToken()
            .matches(traced, Finding.thrown("java.lang.OutOfMemoryError", null, 6L, List.of("g"))));
  }

  @Test
  void namesRoundTrip() {
    for (MatchMode mode :
        List.of(MatchMode.dedupToken(), MatchMode.exceptionType(), MatchMode.topFrames(4))) {
      assertEquals(mode, MatchMode.named(mode.name()));
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MatchMode.named("top-frames-x"));
    assertTrue(e.getMessage().contains("dedup-token"), e.getMessage());
  }

  @Test
  void identityPrintsTheTokenAsJazzerDoes() {
    assertEquals("00000000000000ff", Finding.thrown("E", null, 255L, List.of()).identity());
    assertEquals("ffffffffffffffff", Finding.thrown("E", null, -1L, List.of()).identity());
  }

  private static Finding thrown(String type, long token, String... frames) {
    return Finding.thrown(type, null, token, List.of(frames));
  }
}
