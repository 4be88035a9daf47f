package dev.whittle.jazzer.values;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The order in which one call's arguments are smaller than another's, on the values the test sees,
 * the way Hypothesis orders its choice sequences: fewer values first (a null, an empty string or
 * list counts less than one with elements; every element, character, map key and value and record
 * component is one more value), then shallower nesting, then the leaves in order, each compared
 * alone: a number nearer to zero first and at the same distance the non-negative one, false before
 * true, the first enum constant first, null before anything, strings shortest first, then character
 * by character. So {@code (11, 7)} is smaller than {@code (127, 130)}, {@code [0, 5]} than {@code
 * [5, 0]} and {@code [[1, 2]]} than {@code [[1], [2]]}, whatever their encodings' lengths. A
 * container's leaves start with its length, so that {@code ([], [1])} is smaller than {@code ([1],
 * [])}: values move to later containers, as in Hypothesis's order.
 *
 * <p>It is a total order on the values it looks into; two calls it cannot tell apart (beans it does
 * not look into, the same values) are equal. Every sequence of ever smaller calls of the same
 * method within a byte length is finite, so a sweep that only takes smaller calls ends.
 */
final class ValueOrder {
  private ValueOrder() {}

  /** Negative when {@code a} is the smaller call, positive when {@code b} is, else zero. */
  static int compare(Object[] a, Object[] b) {
    int bySize = Long.compare(size(a), size(b));
    if (bySize != 0) {
      return bySize;
    }
    int byDepth = Integer.compare(depth(a), depth(b));
    if (byDepth != 0) {
      return byDepth;
    }
    List<Object> leavesA = new ArrayList<>();
    List<Object> leavesB = new ArrayList<>();
    leaves(a, leavesA);
    leaves(b, leavesB);
    int n = Math.min(leavesA.size(), leavesB.size());
    for (int i = 0; i < n; i++) {
      int byLeaf = LEAF.compare(leavesA.get(i), leavesB.get(i));
      if (byLeaf != 0) {
        return byLeaf;
      }
    }
    return Integer.compare(leavesA.size(), leavesB.size());
  }

  /** How many values {@code value} holds, itself included; null holds none. */
  static long size(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof String s) {
      return 1 + s.length();
    }
    List<Object> children = children(value);
    if (children == null) {
      return value.getClass().isArray() ? 1 + Array.getLength(value) : 1;
    }
    long size = 1;
    for (Object child : children) {
      size += size(child);
    }
    return size;
  }

  private static int depth(Object value) {
    List<Object> children = value == null ? null : children(value);
    if (children == null) {
      return 0;
    }
    int deepest = 0;
    for (Object child : children) {
      deepest = Math.max(deepest, depth(child));
    }
    return 1 + deepest;
  }

  private static void leaves(Object value, List<Object> into) {
    List<Object> children = value == null ? null : children(value);
    if (children == null) {
      if (value != null && value.getClass().isArray()) {
        for (int i = 0; i < Array.getLength(value); i++) {
          into.add(Array.get(value, i)); // Primitive arrays: each element a leaf.
        }
      } else {
        into.add(value);
      }
      return;
    }
    // Its length first, as a choice sequence holds it: ([], [1]) is smaller than ([1], []).
    into.add((long) children.size());
    for (Object child : children) {
      leaves(child, into);
    }
  }

  /**
   * The values a container holds, in the order the framework writes them; null for a leaf (a
   * primitive array's elements are leaves of its own).
   */
  private static List<Object> children(Object value) {
    if (value instanceof Object[] array) {
      return new ArrayList<>(Arrays.asList(array));
    }
    if (value instanceof Collection<?> collection) {
      return new ArrayList<>(collection);
    }
    if (value instanceof Map<?, ?> map) {
      List<Object> children = new ArrayList<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        children.add(e.getKey());
        children.add(e.getValue());
      }
      return children;
    }
    if (value.getClass().isRecord()) {
      List<Object> children = new ArrayList<>();
      try {
        for (RecordComponent component : value.getClass().getRecordComponents()) {
          var accessor = component.getAccessor();
          accessor.setAccessible(true);
          children.add(accessor.invoke(value));
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null; // Not accessible: a leaf, as the argument tree has it.
      }
      return children;
    }
    return null;
  }

  /** One leaf against another; leaves of different kinds compare by kind, which stays total. */
  private static final Comparator<Object> LEAF =
      (x, y) -> {
        if (x == null || y == null) {
          return x == null ? (y == null ? 0 : -1) : 1;
        }
        if (ValueEdits.isIntegral(x) && ValueEdits.isIntegral(y)) {
          return compareIntegral(ValueEdits.integral(x), ValueEdits.integral(y));
        }
        if ((x instanceof Float || x instanceof Double)
            && (y instanceof Float || y instanceof Double)) {
          double dx = ((Number) x).doubleValue();
          double dy = ((Number) y).doubleValue();
          int byMagnitude = Double.compare(Math.abs(dx), Math.abs(dy));
          return byMagnitude != 0 ? byMagnitude : Double.compare(dy, dx);
        }
        if (x instanceof Boolean bx && y instanceof Boolean by) {
          return Boolean.compare(bx, by);
        }
        if (x instanceof Enum<?> ex && y instanceof Enum<?> ey) {
          return Integer.compare(ex.ordinal(), ey.ordinal());
        }
        if (x instanceof String sx && y instanceof String sy) {
          int byLength = Integer.compare(sx.length(), sy.length());
          return byLength != 0 ? byLength : sx.compareTo(sy);
        }
        return 0; // Beans, and leaves of different kinds: the order cannot tell them apart.
      };

  /** Nearer to zero first; at the same distance the non-negative one. */
  static int compareIntegral(long x, long y) {
    // Unsigned magnitudes: Long.MIN_VALUE is the farthest from zero.
    int byMagnitude = Long.compareUnsigned(Math.abs(x), Math.abs(y));
    return byMagnitude != 0 ? byMagnitude : Boolean.compare(x < 0, y < 0);
  }
}
