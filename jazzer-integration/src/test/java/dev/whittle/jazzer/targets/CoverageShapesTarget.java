package dev.whittle.jazzer.targets;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Every shape of control flow coverage probes must survive: try/catch/finally, table and lookup
 * switches, string and enhanced switches, loops with labels, a loop at a method's first
 * instruction, lambdas and method references, synchronized blocks, a conditional in a constructor's
 * super call (an uninitialized {@code this} in the frames), an interface's default and private
 * methods, an enum and a record. {@link #describe} says what the input did, so an instrumented copy
 * can be checked to behave the same.
 */
public final class CoverageShapesTarget {
  private CoverageShapesTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    describe(data);
  }

  /** What the input made each part of the class do, as text. */
  public static String describe(byte[] data) {
    List<String> parts = new ArrayList<>();
    parts.add(tableSwitch(data.length));
    parts.add(lookupSwitch(data.length == 0 ? 0 : data[0]));
    parts.add(stringSwitch(new String(data, StandardCharsets.ISO_8859_1)));
    parts.add(enhancedSwitch(data.length % 4));
    parts.add(String.valueOf(tryCatchFinally(data)));
    parts.add(String.valueOf(labelledLoops(data)));
    parts.add(String.valueOf(loopFirst(data.length)));
    parts.add(lambdas(data));
    parts.add(String.valueOf(synchronizedSum(data)));
    parts.add(new Child(data.length > 2).label);
    parts.add(new Shaped() {}.shape(data.length));
    parts.add(Colour.of(data.length).name());
    parts.add(new Pair(data.length, data.length > 0 ? data[0] : -1).toString());
    return String.join("|", parts);
  }

  static String tableSwitch(int n) {
    switch (n) {
      case 0:
        return "empty";
      case 1:
        return "one";
      case 2:
      case 3:
        return "few";
      default:
        return "many";
    }
  }

  static String lookupSwitch(int b) {
    String s;
    switch (b) {
      case 'a':
        s = "a";
        break;
      case 1000 / 8:
        s = "}";
        break;
      case -1:
      case -100:
        s = "negative";
        break;
      default:
        s = "other";
    }
    return s;
  }

  static String stringSwitch(String s) {
    switch (s) {
      case "FUZZ":
        return "fuzz";
      case "Aa":
      case "BB": // Same hash code as "Aa".
        return "collision";
      default:
        return s.isEmpty() ? "nothing" : "text";
    }
  }

  static String enhancedSwitch(int k) {
    return switch (k) {
      case 0 -> "zero";
      case 1 -> {
        String one = "o";
        yield one + "ne";
      }
      default -> k > 2 ? "three" : "two";
    };
  }

  static int tryCatchFinally(byte[] data) {
    int result = 0;
    try {
      result = 100 / data[0];
      if (result > 10) {
        throw new IllegalStateException("big");
      }
    } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
      result = -1;
    } catch (IllegalStateException e) {
      result = -2;
    } finally {
      result += 1000;
    }
    return result;
  }

  static int labelledLoops(byte[] data) {
    int found = 0;
    outer:
    for (int i = 0; i < data.length; i++) {
      int j = i;
      while (j < data.length) {
        if (data[j] == 0) {
          continue outer;
        }
        if (data[j] == 'x') {
          break outer;
        }
        found++;
        j++;
      }
    }
    return found;
  }

  /** A do-while loop whose head is the method's first instruction: its entry is a join point. */
  static int loopFirst(int n) {
    int i = n;
    do {
      i = i / 2;
    } while (i > 3);
    return i;
  }

  static String lambdas(byte[] data) {
    IntUnaryOperator twice = x -> x > 50 ? x * 2 : x;
    return IntStream.range(0, data.length)
        .map(i -> twice.applyAsInt(data[i] & 0xFF))
        .filter(x -> x % 2 == 0)
        .mapToObj(Integer::toString)
        .collect(Collectors.joining(","));
  }

  private static final Object LOCK = new Object();

  static int synchronizedSum(byte[] data) {
    int sum = 0;
    synchronized (LOCK) {
      for (byte b : data) {
        sum += b > 0 ? b : -b;
      }
    }
    return sum;
  }

  static class Parent {
    final String label;

    Parent(String label) {
      this.label = label;
    }
  }

  /** A conditional before the super call: the trampolines' frames hold an uninitialized this. */
  static final class Child extends Parent {
    Child(boolean big) {
      super(big ? "big" : "small");
    }
  }

  interface Shaped {
    default String shape(int n) {
      return n > 3 ? longShape(n) : "short";
    }

    private String longShape(int n) {
      return n > 10 ? "very long" : "long";
    }
  }

  enum Colour {
    RED,
    GREEN,
    BLUE;

    static Colour of(int n) {
      return values()[n % 3];
    }
  }

  record Pair(int left, int right) {
    Pair {
      if (left < 0) {
        throw new IllegalArgumentException("left");
      }
    }
  }

  /**
   * Two sites that throw what their callee throws itself, as Gson's {@code throw syntaxError(...)}
   * does: neither site's own {@code athrow} is ever reached, so only a probe at the start of the
   * site's line (JaCoCo's rule for lines with method invocations) tells them apart.
   */
  public static void errorSites(byte[] data) {
    try {
      errorSite(data.length);
    } catch (IllegalStateException expected) {
      // Both sites end here.
    }
  }

  private static void errorSite(int length) {
    if (length == 1) {
      throw error();
    }
    if (length == 2) {
      throw error();
    }
  }

  private static IllegalStateException error() {
    throw new IllegalStateException("always");
  }
}
