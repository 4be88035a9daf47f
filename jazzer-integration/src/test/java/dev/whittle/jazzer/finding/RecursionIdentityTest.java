package dev.whittle.jazzer.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.Recursion;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A stack overflow is matched by its recursion, not by the frames where it struck: the same
 * recursion struck at other depths and in other methods of its cycle matches, a different recursion
 * does not. Stacks built by hand with the phases and truncation real overflows have, plus real
 * overflows on threads with different stack sizes.
 */
class RecursionIdentityTest {
  private static final String TARGET = "com.example.Target";
  private static final String ENTRY = "fuzzerTestOneInput";
  private static final FindingClassifier CLASSIFIER =
      new FindingClassifier(new DedupToken(TARGET, ENTRY, List.of()));

  /** HotSpot's default -XX:MaxJavaStackTraceDepth: a deep overflow shows only these frames. */
  private static final int TRACE_DEPTH = 1024;

  private static final StackTraceElement[] CYCLE = {
    frame("com.example.Json", "value", 10),
    frame("com.example.Json", "array", 20),
    frame("com.example.Json", "elements", 30)
  };

  private static final StackTraceElement[] OTHER_CYCLE = {
    frame("com.example.Json", "value", 12), frame("com.example.Json", "object", 40)
  };

  /** What runs at the point of overflow, above the recursion: a class being loaded. */
  private static final StackTraceElement[] CLASS_LOADING = {
    frame("java.lang.ClassLoader", "defineClass1", 0),
    frame("java.lang.ClassLoader", "defineClass", 1017),
    frame("java.lang.ClassLoader", "loadClass", 593),
    frame("com.example.Loader", "loadClass", 5),
    frame("java.lang.ClassLoader", "loadClass", 593),
    frame("com.example.Json", "fail", 70)
  };

  @Test
  void theSameRecursionStruckInEachMethodOfItsCycleAtAnyDepthMatchesThoughItsTokensDiffer() {
    List<Finding> findings = new ArrayList<>();
    for (int phase = 0; phase < CYCLE.length; phase++) {
      for (int depth : new int[] {3_000, 5_001, 9_002}) {
        findings.add(classify(new StackOverflowError(), truncated(CYCLE, phase, depth)));
      }
    }
    findings.add(
        classify(new StackOverflowError(), withTop(CLASS_LOADING, truncated(CYCLE, 1, 4_000))));

    Set<Long> tokens = new HashSet<>();
    for (Finding finding : findings) {
      tokens.add(finding.dedupToken());
      assertTrue(finding.recursion().isPresent(), finding.toString());
      assertEquals(3, finding.recursion().get().frames().size(), finding.toString());
      assertTrue(finding.recursion().get().entry().isEmpty(), "the trace was cut above the entry");
    }
    assertTrue(tokens.size() >= CYCLE.length, "Jazzer's tokens differ by phase: " + tokens);
    for (Finding original : findings) {
      for (Finding candidate : findings) {
        assertTrue(
            MatchMode.dedupToken().matches(original, candidate), original + " vs " + candidate);
      }
    }
  }

  @Test
  void aDifferentRecursionIsADifferentFinding() {
    Finding json = classify(new StackOverflowError(), truncated(CYCLE, 0, 5_000));
    Finding other = classify(new StackOverflowError(), truncated(OTHER_CYCLE, 0, 5_000));
    StackTraceElement[] oneMethod = {frame("com.example.Json", "value", 10)};
    Finding selfRecursion = classify(new StackOverflowError(), truncated(oneMethod, 0, 5_000));

    assertFalse(MatchMode.dedupToken().matches(json, other));
    assertFalse(MatchMode.dedupToken().matches(other, json));
    assertFalse(MatchMode.dedupToken().matches(json, selfRecursion));
    assertFalse(
        json.recursion().get().id().equals(other.recursion().get().id()), "ids name the frames");
  }

  @Test
  void aWholeStackNamesTheEntryAndTheSameCycleFromAnotherEntryIsAnotherFinding() {
    StackTraceElement[] below = {
      frame("com.example.Json", "parse", 5), frame(TARGET, ENTRY, 3), frame("harness.Run", "go", 1)
    };
    StackTraceElement[] elsewhere = {
      frame("com.example.Json", "parseLenient", 8),
      frame(TARGET, ENTRY, 4),
      frame("harness.Run", "go", 1)
    };
    Finding shallow = classify(new StackOverflowError(), whole(CYCLE, 1, 40, below));
    Finding deeper = classify(new StackOverflowError(), whole(CYCLE, 2, 301, below));
    Finding otherEntry = classify(new StackOverflowError(), whole(CYCLE, 0, 40, elsewhere));
    Finding cut = classify(new StackOverflowError(), truncated(CYCLE, 2, 5_000));

    assertEquals(
        "com.example.Json.parse(Json.java:5)", shallow.recursion().get().entry().orElseThrow());
    assertTrue(MatchMode.dedupToken().matches(shallow, deeper));
    assertFalse(MatchMode.dedupToken().matches(shallow, otherEntry));
    // Where one trace does not reach the entry, the frames decide.
    assertTrue(MatchMode.dedupToken().matches(shallow, cut));
    assertTrue(MatchMode.dedupToken().matches(cut, otherEntry));
  }

  /**
   * Nesting that mixes kinds ({@code [{[[{...}]]}]}) gives a stack without a period; the recursion
   * is the same wherever the trace was cut.
   */
  @Test
  void aRecursionWithoutAPeriodMatchesWhereverTheTraceWasCut() {
    Random random = new Random(20);
    List<StackTraceElement> stack = new ArrayList<>();
    while (stack.size() < 20_000) {
      StackTraceElement[] unit = random.nextBoolean() ? CYCLE : OTHER_CYCLE;
      stack.addAll(List.of(unit));
    }
    Finding first = classify(new StackOverflowError(), top(stack, 0));
    Finding second = classify(new StackOverflowError(), top(stack, 4_567));

    assertEquals(5, first.recursion().get().frames().size(), first.recursion().get().toString());
    assertTrue(MatchMode.dedupToken().matches(first, second));
  }

  @Test
  void anOverflowWrappedInAnotherExceptionIsMatchedByItsRecursionAndTheWrappersClass() {
    Finding wrapped = classify(wrapped(truncated(CYCLE, 0, 5_000)), null);
    Finding wrappedElsewhere = classify(wrapped(truncated(CYCLE, 1, 7_001)), null);
    Finding bare = classify(new StackOverflowError(), truncated(CYCLE, 0, 5_000));

    assertEquals(IllegalStateException.class.getName(), wrapped.exceptionClassName());
    assertTrue(wrapped.recursion().isPresent());
    assertTrue(MatchMode.dedupToken().matches(wrapped, wrappedElsewhere));
    assertFalse(MatchMode.dedupToken().matches(wrapped, bare));
  }

  @Test
  void anOverflowWithoutRecurringFramesKeepsItsToken() {
    StackTraceElement[] thrownByHand = {
      frame("com.example.Json", "check", 3), frame(TARGET, ENTRY, 2)
    };
    Finding finding = classify(new StackOverflowError(), thrownByHand);

    assertTrue(finding.recursion().isEmpty());
    assertTrue(MatchMode.dedupToken().matches(finding, finding));
    assertNull(new DedupToken(TARGET, ENTRY, List.of()).recursionOf(new IllegalStateException()));
  }

  /**
   * Real overflows of three mutually recursive methods, on threads with different stack sizes: the
   * overflow strikes at other depths (and usually in other methods of the cycle), the recursion
   * stays.
   */
  @Test
  void realOverflowsOnDifferentStacksHaveOneRecursion() throws InterruptedException {
    DedupToken token = new DedupToken(RecursionIdentityTest.class.getName(), "enter", List.of());
    List<Recursion> recursions = new ArrayList<>();
    for (long stackSize : new long[] {256 << 10, 384 << 10, 512 << 10, 1 << 20}) {
      StackOverflowError[] caught = new StackOverflowError[1];
      Thread thread = new Thread(null, () -> caught[0] = enter(), "overflow", stackSize);
      thread.start();
      thread.join();
      assertNotNull(caught[0], "overflowed with a stack of " + stackSize);
      recursions.add(token.recursionOf(caught[0]));
    }
    for (Recursion recursion : recursions) {
      assertNotNull(recursion);
      assertEquals(recursions.get(0).frames(), recursion.frames(), recursion.toString());
      assertEquals(3, recursion.frames().size(), recursion.frames().toString());
    }
  }

  private static StackOverflowError enter() {
    try {
      first(0);
      return null;
    } catch (StackOverflowError e) {
      return e;
    }
  }

  private static int first(int depth) {
    return second(depth + 1) + 1;
  }

  private static int second(int depth) {
    return third(depth + 1) + 1;
  }

  private static int third(int depth) {
    return first(depth + 1) + 1;
  }

  private static Finding classify(Throwable thrown, StackTraceElement[] stack) {
    if (stack != null) {
      thrown.setStackTrace(stack);
    }
    return CLASSIFIER.classifyThrown(thrown);
  }

  private static Throwable wrapped(StackTraceElement[] overflowStack) {
    StackOverflowError overflow = new StackOverflowError();
    overflow.setStackTrace(overflowStack);
    IllegalStateException wrapper = new IllegalStateException("too deep", overflow);
    wrapper.setStackTrace(
        new StackTraceElement[] {frame("com.example.Json", "parse", 6), frame(TARGET, ENTRY, 3)});
    return wrapper;
  }

  /**
   * The innermost {@link #TRACE_DEPTH} frames of a recursion {@code depth} frames deep, whose
   * innermost frame is {@code cycle[phase]}.
   */
  private static StackTraceElement[] truncated(StackTraceElement[] cycle, int phase, int depth) {
    StackTraceElement[] stack = new StackTraceElement[Math.min(depth, TRACE_DEPTH)];
    for (int i = 0; i < stack.length; i++) {
      stack[i] = cycle[(phase + i) % cycle.length];
    }
    return stack;
  }

  /** A whole stack: {@code levels} frames of the cycle from {@code phase}, then {@code below}. */
  private static StackTraceElement[] whole(
      StackTraceElement[] cycle, int phase, int levels, StackTraceElement[] below) {
    StackTraceElement[] stack = new StackTraceElement[levels + below.length];
    for (int i = 0; i < levels; i++) {
      stack[i] = cycle[(phase + i) % cycle.length];
    }
    System.arraycopy(below, 0, stack, levels, below.length);
    return stack;
  }

  private static StackTraceElement[] withTop(StackTraceElement[] top, StackTraceElement[] rest) {
    StackTraceElement[] stack =
        new StackTraceElement[Math.min(TRACE_DEPTH, top.length + rest.length)];
    System.arraycopy(top, 0, stack, 0, top.length);
    System.arraycopy(rest, 0, stack, top.length, stack.length - top.length);
    return stack;
  }

  private static StackTraceElement[] top(List<StackTraceElement> stack, int from) {
    return stack.subList(from, from + TRACE_DEPTH).toArray(new StackTraceElement[0]);
  }

  private static StackTraceElement frame(String className, String method, int line) {
    String file = className.substring(className.lastIndexOf('.') + 1) + ".java";
    return new StackTraceElement(className, method, file, line);
  }
}
