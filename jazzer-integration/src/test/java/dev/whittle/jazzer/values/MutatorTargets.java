package dev.whittle.jazzer.values;

import com.code_intelligence.jazzer.mutation.ArgumentsMutator;
import com.code_intelligence.jazzer.mutation.annotation.InRange;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import com.code_intelligence.jazzer.mutation.annotation.WithLength;
import dev.whittle.api.Outcome;
import dev.whittle.jazzer.targets.StrictJson;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Methods with the parameters of {@code @FuzzTest}s (without the annotation: these tests read and
 * write their inputs with Jazzer's real ArgumentsMutator and call the methods themselves, as
 * jazzer-junit's regression mode does). A method fails with an AssertionError when its property is
 * violated.
 */
final class MutatorTargets {
  private MutatorTargets() {}

  /** An interval whose constructor rejects lo > hi, as validating records do. */
  record Interval(int lo, int hi) {
    Interval {
      if (lo > hi) {
        throw new IllegalArgumentException("lo > hi: " + lo + " > " + hi);
      }
    }
  }

  static void stringAndInt(String s, int x) {
    if (s != null && s.contains("bug") && x > 100) {
      throw new AssertionError("bug with " + x);
    }
  }

  static void list(@NotNull List<@NotNull Integer> xs) {
    if (xs.stream().filter(x -> x > 50).count() >= 2) {
      throw new AssertionError("two above 50: " + xs);
    }
  }

  static void interval(Interval r, boolean strict) {
    if (r != null && r.hi() - r.lo() > 10) {
      throw new AssertionError("wide: " + r);
    }
  }

  static void nullable(String a, @NotNull String b, Integer n, @InRange(min = 10, max = 20) int k) {
    if (b.contains("ab")) {
      throw new AssertionError("ab in " + b);
    }
  }

  static void bytesAndIntervals(
      byte @NotNull @WithLength(min = 4, max = 64) [] data,
      @NotNull List<@NotNull Interval> intervals) {
    if (intervals.stream().anyMatch(r -> r.hi() - r.lo() > 10)) {
      throw new AssertionError("a wide interval among " + intervals.size());
    }
  }

  /** Fails on a strictly well-formed JSON document with an object holding the key "boom". */
  static void json(String document) {
    try {
      if (document != null && StrictJson.hasBoomKey(document)) {
        throw new AssertionError("boom in " + document.length() + " characters");
      }
    } catch (StrictJson.MalformedException e) {
      // Not JSON: no failure, as a target that rejects malformed input.
    }
  }

  static void map(@NotNull Map<@NotNull String, @NotNull Integer> m) {
    if (m.entrySet().stream().anyMatch(e -> e.getKey().contains("k") && e.getValue() > 1000)) {
      throw new AssertionError("a k above 1000 in " + m.size() + " entries");
    }
  }

  static void set(@NotNull Set<@NotNull Integer> xs) {
    if (xs.stream().filter(x -> x > 50).count() >= 3) {
      throw new AssertionError("three above 50: " + xs);
    }
  }

  static void nestedMap(Map<String, Map<String, Integer>> m) {
    if (m != null
        && m.values().stream()
            .anyMatch(inner -> inner != null && inner.size() >= 2 && inner.containsKey("x"))) {
      throw new AssertionError("an inner map of two with x in " + m.size());
    }
  }

  static void sameAboveTen(int x, int y) {
    if (x >= 10 && x == y) {
      throw new AssertionError("equal: " + x);
    }
  }

  static void offByOneAboveTen(int x, int y) {
    if (x >= 10 && Math.abs((long) x - y) == 1) {
      throw new AssertionError("one apart: " + x + ", " + y);
    }
  }

  static void duplicate(@NotNull List<@NotNull Integer> xs, int x) {
    List<Integer> removed = new java.util.ArrayList<>(xs);
    removed.remove(Integer.valueOf(x));
    if (removed.contains(x)) {
      throw new AssertionError("still there: " + x);
    }
  }

  static void palindrome(@NotNull List<@NotNull Integer> xs) {
    List<Integer> reversed = new java.util.ArrayList<>(xs);
    java.util.Collections.reverse(reversed);
    if (!reversed.equals(xs)) {
      throw new AssertionError("not a palindrome of " + xs.size());
    }
  }

  static void fiveDistinct(@NotNull List<@NotNull List<@NotNull Integer>> xss) {
    if (xss.stream().flatMap(List::stream).distinct().count() >= 5) {
      throw new AssertionError("five distinct in " + xss.size());
    }
  }

  static void overflowingPair(@NotNull List<@NotNull Short> a, @NotNull List<@NotNull Short> b) {
    short sa = 0;
    short sb = 0;
    for (short x : a) {
      sa += x;
    }
    for (short x : b) {
      sb += x;
    }
    if (sa < 256 && sb < 256 && (short) (sa + sb) >= 512) {
      throw new AssertionError("overflow");
    }
  }

  /**
   * The shrinking challenge's calculator, flattened: {@code left / right} or {@code left + right}
   * as a divisor, a division by a literal zero outside the precondition.
   */
  static void divisorEvaluatesToZero(boolean division, int left, int right) {
    if (division && right == 0) {
      return;
    }
    if ((division ? left / right : left + right) == 0) {
      throw new AssertionError("a divisor evaluated to zero");
    }
  }

  /** Three consecutive integers fail: only their differences count, so no value moves alone. */
  static void consecutive(int a, int b, int c) {
    if (b == a + 1 && c == b + 1) {
      throw new AssertionError(a + ", " + b + ", " + c + " are consecutive");
    }
  }

  /**
   * The shrinking challenge's coupling: the elements are positions in the list (others outside the
   * precondition), and two that point at each other fail.
   */
  static void coupled(@NotNull List<@NotNull Integer> xs) {
    if (xs.stream().anyMatch(x -> x < 0 || x >= xs.size())) {
      return;
    }
    for (int i = 0; i < xs.size(); i++) {
      int j = xs.get(i);
      if (j != i && xs.get(j) == i) {
        throw new AssertionError(i + " and " + j + " point at each other");
      }
    }
  }

  /** A binary tree of integers; null is the empty tree. */
  record Tree(int value, Tree left, Tree right) {}

  /**
   * Fails where a child of the root has two children, the right one's value above the left one's:
   * four values at least, and which shapes fail depends on where the values are. Smallest failing
   * tree in the {@link ValueOrder}: {@code (0, null, (0, (0), (1)))}.
   */
  static void rightAboveLeft(Tree tree) {
    if (tree == null) {
      return;
    }
    for (Tree child : new Tree[] {tree.left(), tree.right()}) {
      if (child != null
          && child.left() != null
          && child.right() != null
          && child.right().value() > child.left().value()) {
        throw new AssertionError(tree + " has a child whose right is above its left");
      }
    }
  }

  /** Fails where any node has two children, the right one's value above the left one's. */
  static void anyRightAboveLeft(Tree tree) {
    if (tree != null) {
      if (tree.left() != null
          && tree.right() != null
          && tree.right().value() > tree.left().value()) {
        throw new AssertionError(tree + " has a right child above its left");
      }
      anyRightAboveLeft(tree.left());
      anyRightAboveLeft(tree.right());
    }
  }

  static void described(@NotNull String s, int x, @NotNull List<@NotNull Integer> xs) {}

  static void listOfIntegers(List<Integer> xs) {}

  static void noParameters() {}

  static void unsupported(Runnable task) {}

  static Method method(String name) {
    return Arrays.stream(MutatorTargets.class.getDeclaredMethods())
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no method " + name));
  }

  /** One mutator per method: building one costs far more than reading with it. */
  private static final Map<Method, ArgumentsMutator> MUTATORS = new HashMap<>();

  private static ArgumentsMutator mutator(Method method) {
    return MUTATORS.computeIfAbsent(method, m -> ArgumentsMutator.forMethodOrThrow(m, false));
  }

  /** The arguments {@code bytes} decode to, by Jazzer's own reader. */
  static synchronized Object[] decode(Method method, byte[] bytes) {
    ArgumentsMutator mutator = mutator(method);
    mutator.read(new ByteArrayInputStream(bytes));
    return mutator.getArguments().clone();
  }

  /** Jazzer's own encoding of {@code arguments}. */
  static synchronized byte[] encode(Method method, Object... arguments) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    mutator(method).writeAny(out, arguments);
    return out.toByteArray();
  }

  /**
   * Decodes with Jazzer's reader and calls the method, as jazzer-junit does with an input file:
   * interesting when the method fails with an AssertionError; unresolved when the bytes do not
   * decode.
   */
  static Outcome run(Method method, byte[] bytes) {
    Object[] arguments;
    try {
      arguments = decode(method, bytes);
    } catch (RuntimeException e) {
      return Outcome.UNRESOLVED;
    }
    try {
      method.invoke(null, arguments);
      return Outcome.NOT_INTERESTING;
    } catch (InvocationTargetException e) {
      return e.getCause() instanceof AssertionError ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
