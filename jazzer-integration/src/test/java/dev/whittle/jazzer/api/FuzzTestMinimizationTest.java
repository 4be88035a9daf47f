package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.targets.JsonBoomTarget;
import dev.whittle.jazzer.targets.StrictJson;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link CrashMinimizer#forFuzzTest}: a fuzz test method run through a caller's lifecycle, without
 * any test framework here, so that what the pipeline does is visible: a set-up and a tear-down
 * around every run, arguments decoded by parameter kind, the token cut at the test method.
 */
class FuzzTestMinimizationTest {
  /** A fuzz test class as a test framework would see it; its instances record their lifecycle. */
  static final class Fixture {
    static final List<String> EVENTS = new ArrayList<>();
    boolean setUp;

    void bytes(byte[] input) {
      if (setUp && new String(input, UTF_8).contains("BUG")) {
        throw new IllegalStateException("bug");
      }
    }

    void provider(FuzzedDataProvider data) {
      if (setUp && data.consumeInt(0, 100) > 90) {
        throw new IllegalArgumentException("large");
      }
    }

    void json(String document) throws StrictJson.MalformedException {
      if (document != null && StrictJson.hasBoomKey(document)) {
        throw new IllegalStateException("boom");
      }
    }

    /** Reads nested lists through three mutually recursive methods, without a depth limit. */
    void nesting(String text, boolean lenient) {
      if (text != null && text.startsWith("[")) {
        try {
          new Nesting(text).value(0);
        } catch (IllegalArgumentException malformed) {
          // Rejected as designed.
        }
      }
    }

    void structured(String name, int count) {
      if (name != null && name.contains("x") && count > 3) {
        throw new ArithmeticException("x " + count);
      }
    }

    /** Exits as a command-line tool would on a short input, halts on a zero byte. */
    void exiting(byte[] input) {
      if (input.length < 5) {
        System.exit(3);
      }
      if (input[0] == 0) {
        Runtime.getRuntime().halt(4);
      }
      if (new String(input, UTF_8).contains("BUG")) {
        throw new IllegalStateException("bug");
      }
    }
  }

  /** A fuzz test class whose static initializer fails. */
  static final class BrokenInitializer {
    static final String SETTING = setting();

    private static String setting() {
      throw new IllegalStateException("no configuration file");
    }

    void bytes(byte[] input) {}
  }

  /** A fuzz test class whose static initializer exits. */
  static final class ExitingInitializer {
    static {
      if (Boolean.parseBoolean("true")) {
        System.exit(5);
      }
    }

    void bytes(byte[] input) {}
  }

  /**
   * The reader of {@link Fixture#nesting}: one call of {@code value} and {@code items} per level,
   * and {@value #CALLS_PER_LEVEL} of {@code list}, so that the few hundred levels a String of the
   * mutation framework holds overflow a stack.
   */
  private record Nesting(String text) {
    static final int CALLS_PER_LEVEL = 300;

    int value(int position) {
      if (position >= text.length() || text.charAt(position) != '[') {
        throw new IllegalArgumentException("list expected at " + position);
      }
      return list(position + 1, CALLS_PER_LEVEL);
    }

    int list(int position, int calls) {
      return (calls > 0 ? list(position, calls - 1) : items(position)) + 1;
    }

    int items(int position) {
      return position < text.length() && text.charAt(position) == '[' ? value(position) : position;
    }
  }

  /**
   * New instance per run, set up before and torn down after, as JUnit does; of whichever class
   * Whittle runs (its own copy of the fixture, by default), so made and set up reflectively.
   */
  private static final FuzzTestLifecycle LIFECYCLE =
      new FuzzTestLifecycle() {
        @Override
        public void beforeAll(Class<?> testClass) {
          Fixture.EVENTS.add("beforeAll " + (testClass == Fixture.class ? "own" : "copy"));
        }

        @Override
        public Object before(Class<?> testClass) throws ReflectiveOperationException {
          Object fixture = newInstance(testClass);
          Field setUp = testClass.getDeclaredField("setUp");
          setUp.setAccessible(true);
          setUp.setBoolean(fixture, true);
          Fixture.EVENTS.add("before");
          return fixture;
        }

        @Override
        public void after(Object instance) {
          Fixture.EVENTS.add("after");
        }

        @Override
        public void afterAll(Class<?> testClass) {
          Fixture.EVENTS.add("afterAll " + (testClass == Fixture.class ? "own" : "copy"));
        }
      };

  private static Object newInstance(Class<?> type) throws ReflectiveOperationException {
    Constructor<?> constructor = type.getDeclaredConstructor();
    constructor.setAccessible(true);
    return constructor.newInstance();
  }

  @Test
  void aByteArrayFuzzTestShrinksWithItsLifecycleAroundEveryRun() throws Exception {
    Fixture.EVENTS.clear();

    MinimizationResult result =
        CrashMinimizer.forFuzzTest(method("bytes", byte[].class), LIFECYCLE)
            .minimize("some junk BUG and more junk".getBytes(UTF_8));

    assertEquals("BUG", new String(result.minimized(), UTF_8));
    assertTrue(result.verified());
    List<String> runs = Fixture.EVENTS.stream().filter(e -> !e.contains("All")).toList();
    assertEquals(2 * result.runs(), runs.size(), "a set-up and a tear-down each");
    assertEquals(
        List.of(Fixture.class.getName() + ".bytes"),
        result.finding().frames().stream()
            .skip(result.finding().frames().size() - 1)
            .map(frame -> frame.substring(0, frame.indexOf('(')))
            .toList(),
        "the stack is cut at the test method's frame");
  }

  @Test
  void withoutItsSetUpTheFailureDoesNotReproduceAndNothingIsMinimized() throws Exception {
    FuzzTestLifecycle noSetUp =
        new FuzzTestLifecycle() {
          @Override
          public Object before(Class<?> testClass) throws ReflectiveOperationException {
            return newInstance(testClass);
          }

          @Override
          public void after(Object instance) {}
        };

    assertThrows(
        NoFindingException.class,
        () ->
            CrashMinimizer.forFuzzTest(method("bytes", byte[].class), noSetUp)
                .minimize("BUG".getBytes(UTF_8)));
  }

  @Test
  void aFailingSetUpIsNoFindingOfTheTest() throws Exception {
    FuzzTestLifecycle failing =
        new FuzzTestLifecycle() {
          @Override
          public Object before(Class<?> testClass) {
            throw new IllegalStateException("set-up failed");
          }

          @Override
          public void after(Object instance) {}
        };

    assertThrows(
        NoFindingException.class,
        () ->
            CrashMinimizer.forFuzzTest(method("bytes", byte[].class), failing)
                .minimize("BUG".getBytes(UTF_8)));
  }

  @Test
  void aFuzzedDataProviderFuzzTestGetsWhittlesProviderAndValueReduction() throws Exception {
    byte[] crash = new byte[40];
    for (int i = 0; i < crash.length; i++) {
      crash[i] = (byte) (i * 7);
    }
    crash[crash.length - 1] = 95; // consumeInt(0, 100) reads the last byte: 95.

    MinimizationResult result =
        CrashMinimizer.forFuzzTest(method("provider", FuzzedDataProvider.class), LIFECYCLE)
            .minimize(crash);

    assertEquals(1, result.minimized().length, "one byte decides consumeInt(0, 100)");
    assertEquals(IllegalArgumentException.class.getName(), result.finding().exceptionClassName());
    assertTrue(result.verified());
  }

  @Test
  void structuredParametersAreDecodedByJazzersMutationFrameworkAndDescribed() throws Exception {
    Method structured = method("structured", String.class, int.class);
    // The mutation framework's encoding of ("abcxdef", 7): a present String, its length, its
    // UTF-8 bytes, then the last parameter's four bytes.
    byte[] crash = encode("abcxdef", 7);

    CrashMinimizer minimizer = CrashMinimizer.forFuzzTest(structured, LIFECYCLE);
    MinimizationResult result = minimizer.minimize(crash);

    assertEquals(ArithmeticException.class.getName(), result.finding().exceptionClassName());
    assertTrue(result.minimized().length < crash.length);
    assertEquals(Optional.of("structured(\"abcxdef\", 7)"), minimizer.describeInput(crash));
    assertTrue(result.verified());
  }

  /**
   * A String parameter holding a JSON document, as a JUnit fuzz test takes it: the value is reduced
   * as a tree and written back with the framework's own writer, so the shrunk sample is the
   * shortest document that still fails (a malformed one throws MalformedException, another
   * finding), not what character deletion leaves of the nesting.
   */
  @Test
  void aJsonStringParameterShrinksToTheShortestDocumentThatFails() throws Exception {
    Method json = method("json", String.class);
    CrashMinimizer minimizer = CrashMinimizer.forFuzzTest(json, LIFECYCLE);

    MinimizationResult result = minimizer.minimize(encode(JsonBoomTarget.CRASH));

    assertTrue(result.verified());
    assertEquals(IllegalStateException.class.getName(), result.finding().exceptionClassName());
    assertEquals(
        Optional.of("json(\"{\\\"boom\\\":1}\")"), minimizer.describeInput(result.minimized()));
    assertArrayEquals(encode("{\"boom\":1}"), result.minimized());
  }

  /**
   * A (String, boolean) fuzz test whose String nests deep enough to overflow the stack: where the
   * overflow strikes moves with the JIT's state from run to run (which of the three methods, and
   * with it Jazzer's token), the recursion does not. Refused as flaky when matched by the token.
   */
  @Test
  void aStackOverflowOfAStructuredFuzzTestShrinks() throws Exception {
    Method nesting = method("nesting", String.class, boolean.class);
    byte[] crash = encode("[".repeat(900), true);

    MinimizationResult result = CrashMinimizer.forFuzzTest(nesting, LIFECYCLE).minimize(crash);

    assertEquals(StackOverflowError.class.getName(), result.finding().exceptionClassName());
    assertTrue(result.finding().recursion().isPresent(), result.finding().toString());
    assertTrue(result.minimized().length < crash.length, result.toString());
    assertTrue(result.verified(), result.verification().toString());
  }

  @Test
  void byteArrayAndProviderInputsNeedNoDescription() throws Exception {
    assertEquals(
        Optional.empty(),
        CrashMinimizer.forFuzzTest(method("bytes", byte[].class), LIFECYCLE)
            .describeInput(new byte[3]));
  }

  @Test
  void theExitGuardIsOnByDefaultAndNoFreshLoaderPerRun() throws Exception {
    CrashMinimizer minimizer = CrashMinimizer.forFuzzTest(method("bytes", byte[].class), LIFECYCLE);

    assertTrue(minimizer.exitGuard());
    assertThrows(IllegalArgumentException.class, () -> minimizer.withFreshLoaderPerRun(true));
    assertNotEquals(Optional.empty(), minimizer.fuzzTestMethod());
    assertEquals(Optional.of(Fixture.class), minimizer.fuzzTestClass());
  }

  /**
   * Issue 17, item 1: candidates that call System.exit or Runtime.halt end their own run as an exit
   * finding, which is never the original's; the JVM goes on and the result is the smallest input
   * that still fails the original way. Without the guard this test would end its JVM.
   */
  @Test
  void candidatesThatExitOrHaltEndOnlyTheirOwnRunInWhittlesCopyOfTheTestClass() throws Exception {
    Fixture.EVENTS.clear();

    MinimizationResult result =
        CrashMinimizer.forFuzzTest(method("exiting", byte[].class), LIFECYCLE)
            .minimize("junk and BUG and more junk".getBytes(UTF_8));

    assertEquals(5, result.minimized().length, "shorter ones exit");
    assertTrue(new String(result.minimized(), UTF_8).contains("BUG"));
    assertNotEquals(0, result.minimized()[0], "one starting with a zero byte halts");
    assertEquals(IllegalStateException.class.getName(), result.finding().exceptionClassName());
    assertTrue(result.verified());
    assertEquals(Verification.FRESH_CLASS_LOADER, result.verification().method());
    assertEquals(
        List.of("afterAll copy", "afterAll copy", "beforeAll copy", "beforeAll copy"),
        Fixture.EVENTS.stream().filter(e -> e.contains("All")).sorted().toList(),
        "the reduction's copy and the verification's, each set up and torn down once");
  }

  @Test
  void withoutTheGuardTheFrameworksOwnClassRunsAndIsVerifiedAsItIs() throws Exception {
    Fixture.EVENTS.clear();

    MinimizationResult result =
        CrashMinimizer.forFuzzTest(method("bytes", byte[].class), LIFECYCLE)
            .withExitGuard(false)
            .minimize("some BUG".getBytes(UTF_8));

    assertEquals("BUG", new String(result.minimized(), UTF_8));
    assertEquals(Verification.SAME_TARGET, result.verification().method());
    assertTrue(Fixture.EVENTS.contains("beforeAll own"), Fixture.EVENTS::toString);
  }

  @Test
  void aFailingStaticInitializerOfTheCopyIsNamedWithItsCause() throws Exception {
    FuzzTargetLoadException failed =
        assertThrows(
            FuzzTargetLoadException.class,
            () ->
                CrashMinimizer.forFuzzTest(
                        BrokenInitializer.class.getDeclaredMethod("bytes", byte[].class), LIFECYCLE)
                    .minimize(new byte[] {1}));

    String message = failed.getMessage();
    assertTrue(
        message.contains("the static initializer of " + BrokenInitializer.class.getName()),
        message);
    assertTrue(message.contains("IllegalStateException: no configuration file"), message);
  }

  @Test
  void anExitInTheCopysStaticInitializerIsRefusedAndNamed() throws Exception {
    FuzzTargetLoadException failed =
        assertThrows(
            FuzzTargetLoadException.class,
            () ->
                CrashMinimizer.forFuzzTest(
                        ExitingInitializer.class.getDeclaredMethod("bytes", byte[].class),
                        LIFECYCLE)
                    .minimize(new byte[] {1}));

    assertTrue(
        failed.getMessage().contains("asked the JVM to exit (status 5)"), failed::getMessage);
  }

  private static Method method(String name, Class<?>... parameters) throws NoSuchMethodException {
    return Fixture.class.getDeclaredMethod(name, parameters);
  }

  /** The mutation framework's encoding of one present String parameter. */
  private static byte[] encode(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    writePresentString(new DataOutputStream(bytes), text);
    return bytes.toByteArray();
  }

  /** The encoding of a present String parameter followed by an int parameter. */
  private static byte[] encode(String text, int number) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    writePresentString(out, text);
    out.writeInt(number);
    return bytes.toByteArray();
  }

  /** The encoding of a present String parameter followed by a boolean parameter. */
  private static byte[] encode(String text, boolean flag) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    writePresentString(out, text);
    out.writeBoolean(flag);
    return bytes.toByteArray();
  }

  private static void writePresentString(DataOutputStream out, String text) throws IOException {
    out.writeByte(1);
    byte[] utf8 = text.getBytes(UTF_8);
    out.writeInt(utf8.length);
    out.write(utf8);
  }
}
