package dev.whittle.jazzer.finding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The token's rules on hand-made stacks; RealJazzerDedupTokenTest checks it against Jazzer. */
class DedupTokenTest {
  private static final String TARGET = "com.example.Target";
  private static final DedupToken TOKEN =
      new DedupToken(TARGET, "fuzzerTestOneInput", List.of("com.example.fdp."));

  @Test
  void messagesDoNotCount() {
    assertEquals(
        TOKEN.compute(thrown(new IllegalStateException("one"))).token(),
        TOKEN.compute(thrown(new IllegalStateException("two"))).token());
  }

  @Test
  void aStackMetAgainIsHashedOnceAndGivesTheSameToken() {
    DedupToken token = new DedupToken(TARGET, "fuzzerTestOneInput", List.of());
    long first = token.compute(thrown(new IllegalStateException("one"))).token();
    long again = token.compute(thrown(new IllegalStateException("two"))).token();
    long other = token.compute(thrown(new IllegalArgumentException())).token();

    assertEquals(first, again);
    assertEquals(first, TOKEN.compute(thrown(new IllegalStateException())).token());
    assertNotEquals(first, other);
    // Each run of a reduction meets the same finding: its frames are hashed once, not every run.
    assertEquals(2, token.digestsComputed());
  }

  @Test
  void theClassCounts() {
    assertNotEquals(
        TOKEN.compute(thrown(new IllegalStateException())).token(),
        TOKEN.compute(thrown(new IllegalArgumentException())).token());
  }

  @Test
  void countsFramesUpToTheOutermostEntrySkippingReflection() {
    Throwable thrown =
        withStack(
            new IllegalStateException(),
            frame("com.example.Lib", "parse"),
            frame("jdk.internal.reflect.NativeMethodAccessorImpl", "invoke0"),
            frame(TARGET, "fuzzerTestOneInput"),
            frame(TARGET, "fuzzerTestOneInput"),
            frame("java.lang.invoke.LambdaForm$DMH", "invokeStatic"),
            frame("dev.whittle.jazzer.target.LoadedTarget", "runOnce"));

    assertEquals(
        List.of(
            "com.example.Lib.parse(F.java:1)",
            TARGET + ".fuzzerTestOneInput(F.java:1)",
            TARGET + ".fuzzerTestOneInput(F.java:1)"),
        TOKEN.compute(thrown).frames());
  }

  @Test
  void stopsAtJazzerInternalFramesAndTheProviderPackageButNotAtPublicJazzerOnes() {
    Throwable thrown =
        withStack(
            new IllegalStateException(),
            frame("com.code_intelligence.jazzer.api.Jazzer", "consume"),
            frame("com.code_intelligence.jazzer.sanitizers.Hook", "check"),
            frame("com.code_intelligence.jazzer.driver.Runner", "run"),
            frame(TARGET, "fuzzerTestOneInput"));
    assertEquals(2, TOKEN.compute(thrown).frames().size());

    Throwable inProvider =
        withStack(
            new IllegalArgumentException(),
            frame("com.example.fdp.Provider", "consumeInt"),
            frame(TARGET, "fuzzerTestOneInput"));
    assertEquals(List.of(), TOKEN.compute(inProvider).frames());
  }

  @Test
  void stackOverflowKeepsTheBottomFramesUpToTheFirstRepetition() {
    Throwable overflow =
        withStack(
            new StackOverflowError(),
            frame("com.example.A", "a"),
            frame("com.example.B", "b"),
            frame("com.example.A", "a"),
            frame("com.example.B", "b"),
            frame("com.example.C", "c"));

    assertArrayEquals(
        new StackTraceElement[] {
          frame("com.example.A", "a"), frame("com.example.B", "b"), frame("com.example.C", "c")
        },
        DedupToken.bottomFramesWithoutRepetition(overflow));
  }

  @Test
  void aStackOverflowsTokenIsItsRecursionCycleWhateverTheDepth() {
    StackTraceElement[] cycle = {frame("com.example.P", "list"), frame("com.example.P", "value")};
    StackTraceElement[] bottom = {
      frame("com.example.P", "document"), frame(TARGET, "fuzzerTestOneInput")
    };

    assertEquals(
        TOKEN.compute(overflow(cycle, 3, bottom)).token(),
        TOKEN.compute(overflow(cycle, 40, bottom)).token());
    // Another cycle (another recursion) is another finding.
    StackTraceElement[] other = {frame("com.example.P", "map"), frame("com.example.P", "value")};
    assertNotEquals(
        TOKEN.compute(overflow(cycle, 3, bottom)).token(),
        TOKEN.compute(overflow(other, 3, bottom)).token());
  }

  /**
   * The JVM keeps at most {@code MaxJavaStackTraceDepth} (1024) innermost frames of a stack trace.
   * An overflow deeper than that loses its bottom frames, and Jazzer's "bottom frames up to the
   * first repetition" then start wherever the trace was cut: a two-method cycle gives one of two
   * tokens depending on the depth's parity. Jazzer prints the same, so Whittle computes the token
   * the same way; findings are matched by their recursion instead (RecursionIdentityTest).
   */
  @Test
  void aTruncatedOverflowsTokenDependsOnWhereTheTraceWasCut() {
    StackTraceElement[] cycle = {frame("com.example.P", "list"), frame("com.example.P", "value")};
    Throwable even = withStack(new StackOverflowError(), repeat(cycle, 512));
    StackTraceElement[] shifted = new StackTraceElement[1024];
    System.arraycopy(repeat(cycle, 513), 1, shifted, 0, 1024);
    Throwable odd = withStack(new StackOverflowError(), shifted);

    assertNotEquals(TOKEN.compute(even).token(), TOKEN.compute(odd).token());
  }

  @Test
  void anOutOfMemoryErrorsTokenIsItsAllocatingFramesNotItsMessageOrSuppressed() {
    Throwable heap =
        withStack(
            new OutOfMemoryError("Java heap space"),
            frame("com.example.Tiles", "decode"),
            frame(TARGET, "fuzzerTestOneInput"));
    Throwable array =
        withStack(
            new OutOfMemoryError("Requested array size exceeds VM limit"),
            frame("com.example.Tiles", "decode"),
            frame(TARGET, "fuzzerTestOneInput"));
    array.addSuppressed(new IllegalStateException());
    Throwable elsewhere =
        withStack(
            new OutOfMemoryError("Java heap space"),
            frame("com.example.Tiles", "grow"),
            frame(TARGET, "fuzzerTestOneInput"));

    assertEquals(TOKEN.compute(heap).token(), TOKEN.compute(array).token());
    assertEquals(
        List.of("com.example.Tiles.decode(F.java:1)", TARGET + ".fuzzerTestOneInput(F.java:1)"),
        TOKEN.compute(heap).frames());
    assertNotEquals(TOKEN.compute(heap).token(), TOKEN.compute(elsewhere).token());
  }

  private static Throwable overflow(
      StackTraceElement[] cycle, int times, StackTraceElement[] bottom) {
    StackTraceElement[] repeated = repeat(cycle, times);
    StackTraceElement[] stack = new StackTraceElement[repeated.length + bottom.length];
    System.arraycopy(repeated, 0, stack, 0, repeated.length);
    System.arraycopy(bottom, 0, stack, repeated.length, bottom.length);
    return withStack(new StackOverflowError(), stack);
  }

  private static StackTraceElement[] repeat(StackTraceElement[] cycle, int times) {
    StackTraceElement[] stack = new StackTraceElement[cycle.length * times];
    for (int i = 0; i < stack.length; i++) {
      stack[i] = cycle[i % cycle.length];
    }
    return stack;
  }

  /**
   * A cycle of causes would hang Jazzer; here the search stops where the cycle closes, and that
   * exception is the root. Bounded, since the failure this guards against is a hang.
   */
  @Test
  void aCycleOfCausesEndsTheSearchForTheRoot() {
    RuntimeException a = new RuntimeException("a");
    RuntimeException b = new IllegalStateException("b", a);
    a.initCause(b);
    RuntimeException outer = new IllegalArgumentException("outer", a);

    assertTimeoutPreemptively(
        Duration.ofSeconds(10),
        () -> {
          assertSame(a, DedupToken.rootCause(a));
          assertSame(b, DedupToken.rootCause(b));
          // outer -> a -> b -> a: the cycle closes at a.
          assertSame(a, DedupToken.rootCause(outer));
          // The token is over the root's class and frames, as for a lone exception like it.
          assertEquals(
              TOKEN.compute(thrown(new RuntimeException("lone"))).token(),
              TOKEN.compute(thrown(a)).token());
        });
  }

  private static Throwable thrown(Throwable t) {
    return withStack(t, frame(TARGET, "fuzzerTestOneInput"));
  }

  private static Throwable withStack(Throwable t, StackTraceElement... frames) {
    t.setStackTrace(frames);
    return t;
  }

  private static StackTraceElement frame(String className, String method) {
    return new StackTraceElement(className, method, "F.java", 1);
  }
}
