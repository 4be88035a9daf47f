package dev.whittle.jazzer.fdp;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;

/**
 * Random arguments for any method of {@link FuzzedDataProvider}: bounds that are often extreme,
 * equal or (rarely) invalid, lengths from 0 to {@link Integer#MAX_VALUE} and (rarely) negative, and
 * small collections to pick from (sometimes empty).
 */
final class FuzzedDataArguments {
  private FuzzedDataArguments() {}

  static Object[] randomArguments(Method method, Random random) {
    Class<?>[] types = method.getParameterTypes();
    if (types.length == 0) {
      return new Object[0];
    }
    if (method.getName().startsWith("consume")) {
      return types.length == 1
          ? new Object[] {randomMaxLength(random)}
          : randomBounds(types[0], random);
    }
    Object choices = randomChoices(types[0], random);
    if (types.length == 1) {
      return new Object[] {choices};
    }
    int size = choices instanceof Collection<?> c ? c.size() : ((Object[]) choices).length;
    // Sometimes more elements than there are, which pickValues rejects.
    return new Object[] {choices, random.nextInt(size + 2)};
  }

  private static int randomMaxLength(Random random) {
    return switch (random.nextInt(12)) {
      case 0 -> 0;
      case 1 -> 1;
      case 2 -> Integer.MAX_VALUE;
      case 3 -> random.nextInt(1_000);
      case 4 -> random.nextInt(30) == 0 ? -1 - random.nextInt(5) : 2;
      default -> random.nextInt(20);
    };
  }

  private static Object[] randomBounds(Class<?> type, Random random) {
    if (type == float.class || type == double.class) {
      double[] bounds = {randomBound(random, type == float.class), 0};
      bounds[1] = random.nextInt(10) == 0 ? bounds[0] : randomBound(random, type == float.class);
      if (bounds[0] > bounds[1] && random.nextInt(30) != 0) {
        Arrays.sort(bounds);
      }
      return type == float.class
          ? new Object[] {(float) bounds[0], (float) bounds[1]}
          : new Object[] {bounds[0], bounds[1]};
    }
    long lowest = lowest(type);
    long highest = highest(type);
    long[] bounds = {randomBound(random, lowest, highest), 0};
    bounds[1] = random.nextInt(10) == 0 ? bounds[0] : randomBound(random, lowest, highest);
    if (bounds[0] > bounds[1] && random.nextInt(30) != 0) {
      Arrays.sort(bounds);
    }
    return new Object[] {narrow(type, bounds[0]), narrow(type, bounds[1])};
  }

  private static long randomBound(Random random, long lowest, long highest) {
    long candidate =
        switch (random.nextInt(9)) {
          case 0 -> lowest;
          case 1 -> highest;
          case 2 -> 0;
          case 3 -> -1;
          case 4 -> lowest + random.nextInt(300);
          case 5 -> highest - random.nextInt(300);
          case 6 -> random.nextInt(600) - 300;
          default -> random.nextLong();
        };
    return Math.max(lowest, Math.min(highest, candidate));
  }

  private static double randomBound(Random random, boolean asFloat) {
    double max = asFloat ? Float.MAX_VALUE : Double.MAX_VALUE;
    double candidate =
        switch (random.nextInt(12)) {
          case 0 -> max;
          case 1 -> -max;
          case 2 -> 0.0;
          case 3 -> -0.0;
          case 4 -> asFloat ? Float.MIN_VALUE : Double.MIN_VALUE;
          case 5 -> random.nextInt(2) == 0 ? 1.0 : -1.0;
          case 6 -> random.nextDouble() * 2_000 - 1_000;
          case 7 -> random.nextInt(40) == 0 ? nonFinite(random) : max / 3;
          default ->
              asFloat
                  ? Float.intBitsToFloat(random.nextInt())
                  : Double.longBitsToDouble(random.nextLong());
        };
    boolean isFinite = Double.isFinite(asFloat ? (float) candidate : candidate);
    // Random bit patterns are often NaN or infinite; keep those rare, as they are rejected early.
    return isFinite || random.nextInt(20) == 0 ? candidate : random.nextGaussian();
  }

  private static double nonFinite(Random random) {
    double[] values = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    return values[random.nextInt(values.length)];
  }

  private static long lowest(Class<?> type) {
    if (type == byte.class) {
      return Byte.MIN_VALUE;
    } else if (type == short.class) {
      return Short.MIN_VALUE;
    } else if (type == char.class) {
      return Character.MIN_VALUE;
    } else if (type == int.class) {
      return Integer.MIN_VALUE;
    }
    return Long.MIN_VALUE;
  }

  private static long highest(Class<?> type) {
    if (type == byte.class) {
      return Byte.MAX_VALUE;
    } else if (type == short.class) {
      return Short.MAX_VALUE;
    } else if (type == char.class) {
      return Character.MAX_VALUE;
    } else if (type == int.class) {
      return Integer.MAX_VALUE;
    }
    return Long.MAX_VALUE;
  }

  private static Object narrow(Class<?> type, long value) {
    if (type == byte.class) {
      return (byte) value;
    } else if (type == short.class) {
      return (short) value;
    } else if (type == char.class) {
      return (char) value;
    } else if (type == int.class) {
      return (int) value;
    }
    return value;
  }

  /** A collection or array of the parameter's type, with 0 (rarely) to 9 distinct elements. */
  private static Object randomChoices(Class<?> type, Random random) {
    int size = random.nextInt(25) == 0 ? 0 : 1 + random.nextInt(9);
    List<Integer> elements = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      elements.add(i * 7 + 1);
    }
    if (type == Collection.class) {
      return random.nextBoolean() ? elements : new LinkedHashSet<>(elements);
    } else if (type == Object[].class) {
      return elements.toArray(new Integer[0]);
    }
    Object array = java.lang.reflect.Array.newInstance(type.getComponentType(), size);
    for (int i = 0; i < size; i++) {
      java.lang.reflect.Array.set(array, i, element(type.getComponentType(), elements.get(i)));
    }
    return array;
  }

  private static Object element(Class<?> type, int value) {
    if (type == boolean.class) {
      return value % 2 == 0;
    } else if (type == float.class) {
      return value + 0.5f;
    } else if (type == double.class) {
      return value + 0.25;
    } else if (type == char.class) {
      return (char) ('a' + value % 26);
    }
    return narrow(type, value);
  }
}
