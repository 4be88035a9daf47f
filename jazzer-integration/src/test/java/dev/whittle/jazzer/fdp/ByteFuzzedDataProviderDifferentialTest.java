package dev.whittle.jazzer.fdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.google.common.io.BaseEncoding;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Compares {@link ByteFuzzedDataProvider} with Jazzer's native implementation ({@link
 * JazzerFuzzedDataProvider}) call by call: every method of {@link FuzzedDataProvider}, on thousands
 * of seeded random inputs and call sequences, plus every input of up to two bytes. Results must be
 * equal (floats and doubles bit for bit, rejections by exception class), and so must {@link
 * FuzzedDataProvider#remainingBytes()} after every call.
 */
class ByteFuzzedDataProviderDifferentialTest {
  private static final long SEED = 0x5EED_F00DL;

  /** Every method of the interface, in a stable order. */
  private static final List<Method> METHODS =
      Arrays.stream(FuzzedDataProvider.class.getMethods())
          .filter(m -> !Modifier.isStatic(m.getModifiers()))
          .sorted(Comparator.comparing(Method::toGenericString))
          .toList();

  private final Map<Method, Integer> comparedCalls = new HashMap<>();

  @BeforeAll
  static void jazzerIsAvailable() {
    // Fails with the loader's explanation instead of skipping when the native side is missing.
    FuzzedDataProvider probe = JazzerFuzzedDataProvider.withJavaData(new byte[] {0x11, 0x22});
    JazzerFuzzedDataProvider.close(probe);
  }

  @Test
  void everyMethodAgreesOnRandomInputs() {
    Random random = new Random(SEED);
    for (Method method : METHODS) {
      for (int input = 0; input < 300; input++) {
        List<Method> calls = new ArrayList<>();
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
          calls.add(method);
        }
        compare(FuzzedDataInputs.randomInput(random), calls, random);
      }
    }
    // Each method ran at least 300 times, on inputs with and without bytes left.
    for (Method method : METHODS) {
      assertTrue(comparedCalls.getOrDefault(method, 0) >= 300, method.toGenericString());
    }
  }

  @Test
  void randomCallSequencesMixingFrontAndEndAgree() {
    Random random = new Random(SEED + 1);
    for (int input = 0; input < 6_000; input++) {
      List<Method> calls = new ArrayList<>();
      for (int i = random.nextInt(13); i > 0; i--) {
        calls.add(METHODS.get(random.nextInt(METHODS.size())));
      }
      compare(FuzzedDataInputs.randomInput(random), calls, random);
    }
    assertEquals(METHODS.size(), comparedCalls.size(), "every method was called");
  }

  @Test
  void everyMethodAgreesOnEveryInputOfAtMostOneByte() {
    Random random = new Random(SEED + 2);
    for (int b = -1; b < 256; b++) {
      byte[] input = b < 0 ? new byte[0] : new byte[] {(byte) b};
      for (Method method : METHODS) {
        compare(input, List.of(method, method), random);
      }
    }
  }

  @Test
  void stringMethodsAgreeOnEveryTwoByteInput() {
    Random random = new Random(SEED + 3);
    List<Method> stringMethods =
        METHODS.stream().filter(m -> m.getReturnType() == String.class).toList();
    for (int bytes = 0; bytes < 1 << 16; bytes++) {
      byte[] input = {(byte) (bytes >>> 8), (byte) bytes};
      compare(input, List.of(stringMethods.get(bytes % stringMethods.size())), random);
    }
  }

  @Test
  void stringMethodsAgreeOnLongMixedInputs() {
    Random random = new Random(SEED + 4);
    List<Method> stringMethods =
        METHODS.stream().filter(m -> m.getReturnType() == String.class).toList();
    for (int input = 0; input < 3_000; input++) {
      List<Method> calls = new ArrayList<>();
      for (int i = 1 + random.nextInt(6); i > 0; i--) {
        calls.add(stringMethods.get(random.nextInt(stringMethods.size())));
      }
      compare(FuzzedDataInputs.randomBytes(random, random.nextInt(200)), calls, random);
    }
  }

  /** Makes the same calls, with the same random arguments, on both providers over {@code input}. */
  private void compare(byte[] input, List<Method> calls, Random random) {
    FuzzedDataProvider jazzer = JazzerFuzzedDataProvider.withJavaData(input);
    try {
      FuzzedDataProvider whittle = ByteFuzzedDataProvider.of(input);
      List<String> history = new ArrayList<>();
      for (Method method : calls) {
        Object[] arguments = FuzzedDataArguments.randomArguments(method, random);
        String expected = describe(invoke(jazzer, method, arguments));
        String actual = describe(invoke(whittle, method, arguments));
        history.add(method.getName() + Arrays.deepToString(arguments) + " -> " + expected);
        if (!expected.equals(actual) || jazzer.remainingBytes() != whittle.remainingBytes()) {
          fail(
              String.format(
                  "%s differs from Jazzer on input %s after calls%n  %s%nJazzer: %s, %d bytes"
                      + " left%nWhittle: %s, %d bytes left",
                  method.getName(),
                  BaseEncoding.base16().encode(input),
                  String.join("\n  ", history),
                  expected,
                  jazzer.remainingBytes(),
                  actual,
                  whittle.remainingBytes()));
        }
        comparedCalls.merge(method, 1, Integer::sum);
      }
    } finally {
      JazzerFuzzedDataProvider.close(jazzer);
    }
  }

  private static Object invoke(FuzzedDataProvider provider, Method method, Object[] arguments) {
    try {
      return method.invoke(provider, arguments);
    } catch (InvocationTargetException e) {
      return e.getCause();
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * A description equal for equal results: floats by bits, exceptions by class, and boolean arrays
   * by truth, because Jazzer stores raw non-zero bytes in them (see {@link
   * ByteFuzzedDataProvider}).
   */
  private static String describe(Object result) {
    if (result instanceof Float f) {
      return "float " + f + " bits " + Integer.toHexString(Float.floatToRawIntBits(f));
    } else if (result instanceof Double d) {
      return "double " + d + " bits " + Long.toHexString(Double.doubleToRawLongBits(d));
    } else if (result instanceof Throwable t) {
      return "threw " + t.getClass().getName();
    } else if (result instanceof boolean[] booleans) {
      StringBuilder truths = new StringBuilder("booleans ");
      for (boolean b : booleans) {
        truths.append(b ? 'T' : 'F');
      }
      return truths.toString();
    } else if (result instanceof Character c) {
      return "char " + (int) c;
    } else if (result instanceof String s) {
      // Code units rather than the string itself, which may hold control characters.
      return "string " + s.chars().boxed().toList();
    } else if (result == null) {
      return "null";
    }
    return result.getClass().getSimpleName() + " " + Arrays.deepToString(new Object[] {result});
  }
}
