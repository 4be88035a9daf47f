package dev.whittle.jazzer.values;

import com.code_intelligence.jazzer.mutation.annotation.InRange;
import com.code_intelligence.jazzer.mutation.annotation.Negative;
import com.code_intelligence.jazzer.mutation.annotation.NonNegative;
import com.code_intelligence.jazzer.mutation.annotation.NonPositive;
import com.code_intelligence.jazzer.mutation.annotation.Positive;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongPredicate;

/**
 * What the mutator-arguments pass can do with one decoded value: shorten a string, list, set, map
 * or array, move an integer toward its simplest value. Every edit here is only a proposal: the
 * sweep asks about it only when the framework's writer and reader agree that the encoding stands
 * for exactly this value, which catches values out of an annotated range or size.
 */
final class ValueEdits {
  private ValueEdits() {}

  /**
   * Strings, lists, sets, maps and arrays: values that can get shorter. Sets and maps count in the
   * order the framework writes them, which is the order its reader inserted them in.
   */
  static boolean isSequence(Object value) {
    return value instanceof String
        || value instanceof List<?>
        || value instanceof Set<?>
        || value instanceof Map<?, ?>
        || (value != null && value.getClass().isArray());
  }

  /**
   * The length of a sequence value: characters of a string, elements of a list, set or array,
   * entries of a map.
   */
  static int length(Object value) {
    if (value instanceof String s) {
      return s.length();
    }
    if (value instanceof Collection<?> collection) {
      return collection.size();
    }
    if (value instanceof Map<?, ?> map) {
      return map.size();
    }
    return Array.getLength(value);
  }

  /**
   * {@code value} without its elements (a map's entries) {@code from} (inclusive) to {@code to}
   * (exclusive).
   */
  static Object delete(Object value, int from, int to) {
    if (value instanceof String s) {
      return s.substring(0, from) + s.substring(to);
    }
    if (value instanceof List<?> list) {
      List<Object> shorter = new ArrayList<>(list.subList(0, from));
      shorter.addAll(list.subList(to, list.size()));
      return shorter;
    }
    if (value instanceof Set<?> set) {
      List<Object> elements = new ArrayList<>(set);
      Set<Object> shorter = new LinkedHashSet<>(elements.subList(0, from));
      shorter.addAll(elements.subList(to, elements.size()));
      return shorter;
    }
    if (value instanceof Map<?, ?> map) {
      List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
      Map<Object, Object> shorter = new LinkedHashMap<>();
      for (int i = 0; i < entries.size(); i++) {
        if (i < from || i >= to) {
          shorter.put(entries.get(i).getKey(), entries.get(i).getValue());
        }
      }
      return shorter;
    }
    int length = Array.getLength(value);
    Object shorter = Array.newInstance(value.getClass().getComponentType(), length - (to - from));
    System.arraycopy(value, 0, shorter, 0, from);
    System.arraycopy(value, to, shorter, from, length - to);
    return shorter;
  }

  /** Bytes, shorts, ints, longs and chars. */
  static boolean isIntegral(Object value) {
    return value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Character;
  }

  /** An integral value as a long; chars count as unsigned. */
  static long integral(Object value) {
    return value instanceof Character c ? c : ((Number) value).longValue();
  }

  /** {@code value} boxed like {@code like}, an integral value. */
  static Object boxLike(Object like, long value) {
    if (like instanceof Byte) {
      return (byte) value;
    }
    if (like instanceof Short) {
      return (short) value;
    }
    if (like instanceof Integer) {
      return (int) value;
    }
    if (like instanceof Character) {
      return (char) value;
    }
    return value;
  }

  /**
   * The simplest value of an integral: zero when its range holds zero, else the bound nearer to
   * zero. The range is the type's, narrowed by {@code @InRange}, {@code @Positive},
   * {@code @NonNegative}, {@code @Negative} and {@code @NonPositive} as Jazzer reads them.
   */
  static long simplest(Object value, AnnotatedType type) {
    long min;
    long max;
    if (value instanceof Byte) {
      min = Byte.MIN_VALUE;
      max = Byte.MAX_VALUE;
    } else if (value instanceof Short) {
      min = Short.MIN_VALUE;
      max = Short.MAX_VALUE;
    } else if (value instanceof Integer) {
      min = Integer.MIN_VALUE;
      max = Integer.MAX_VALUE;
    } else if (value instanceof Character) {
      min = Character.MIN_VALUE;
      max = Character.MAX_VALUE;
    } else {
      min = Long.MIN_VALUE;
      max = Long.MAX_VALUE;
    }
    InRange range = type.getAnnotation(InRange.class);
    if (range != null) {
      min = Math.max(min, range.min());
      max = Math.min(max, range.max());
    }
    if (type.isAnnotationPresent(Positive.class)) {
      min = Math.max(min, 1);
    }
    if (type.isAnnotationPresent(NonNegative.class)) {
      min = Math.max(min, 0);
    }
    if (type.isAnnotationPresent(Negative.class)) {
      max = Math.min(max, -1);
    }
    if (type.isAnnotationPresent(NonPositive.class)) {
      max = Math.min(max, 0);
    }
    return Math.max(min, Math.min(max, 0));
  }

  /** Simpler floating-point values, simplest first: zero, then the value rounded toward zero. */
  static List<Object> simplerFloatingPoint(Object value) {
    double d = ((Number) value).doubleValue();
    List<Object> simpler = new ArrayList<>();
    if (Double.compare(d, 0.0) != 0) {
      simpler.add(0.0);
    }
    if (Double.isFinite(d) && d != (long) d && Math.abs(d) < Long.MAX_VALUE) {
      simpler.add((double) (long) d);
    }
    return simpler.stream()
        .map(x -> value instanceof Float ? (Object) (float) (double) (Double) x : x)
        .toList();
  }

  /**
   * A binary search between {@code passing} (accepted) and {@code failing} (not): the floor of
   * their mean, without overflow, until the two are neighbours; the last value accepted.
   */
  static long bisect(long passing, long failing, LongPredicate accepted) {
    while (true) {
      long mid = (passing & failing) + ((passing ^ failing) >> 1);
      if (mid == passing || mid == failing) {
        return passing;
      }
      if (accepted.test(mid)) {
        passing = mid;
      } else {
        failing = mid;
      }
    }
  }

  /** The largest value of {@code like}'s integral type. */
  static long maximum(Object like) {
    return like instanceof Byte
        ? Byte.MAX_VALUE
        : like instanceof Short
            ? Short.MAX_VALUE
            : like instanceof Integer
                ? Integer.MAX_VALUE
                : like instanceof Character ? Character.MAX_VALUE : Long.MAX_VALUE;
  }

  /** The smallest value of {@code like}'s integral type. */
  static long minimum(Object like) {
    return like instanceof Byte
        ? Byte.MIN_VALUE
        : like instanceof Short
            ? Short.MIN_VALUE
            : like instanceof Integer
                ? Integer.MIN_VALUE
                : like instanceof Character ? Character.MIN_VALUE : Long.MIN_VALUE;
  }

  /** False for a true boolean, the simplest value for an integer not at it; else empty. */
  static Optional<Object> simplestScalar(Object value, AnnotatedType type) {
    if (Boolean.TRUE.equals(value)) {
      return Optional.of(false);
    }
    if (isIntegral(value)) {
      long simplest = simplest(value, type);
      if (integral(value) != simplest) {
        return Optional.of(boxLike(value, simplest));
      }
    }
    return Optional.empty();
  }
}
