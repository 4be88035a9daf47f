package dev.whittle.jazzer.output;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.DataProviderTarget;
import dev.whittle.jazzer.targets.ExitTarget;
import dev.whittle.jazzer.targets.HangTarget;
import dev.whittle.jazzer.targets.InitializedTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** Compiles generated reproducers against the test class path and runs their test methods. */
class ReproducerSourceTest {
  private static final Finding ILLEGAL_STATE =
      Finding.thrown(IllegalStateException.class.getName(), null, 0x1234L, List.of());

  @TempDir Path dir;

  @Test
  void theReproducerOfAThrownFindingCompilesAndPassesOnTheCrash() throws Throwable {
    Class<?> reproducer = compile(source(BugTarget.class, ILLEGAL_STATE, bytes("BUG")));

    invoke(reproducer, "reproduces"); // Passes: the target throws IllegalStateException.
  }

  @Test
  void theReproducerFailsWhenTheTargetNoLongerCrashes() throws Throwable {
    Class<?> reproducer = compile(source(BugTarget.class, ILLEGAL_STATE, bytes("BUX")));

    Throwable failure = assertThrows(Throwable.class, () -> invoke(reproducer, "reproduces"));
    assertInstanceOf(AssertionFailedError.class, failure);
  }

  @Test
  void theReproducerFailsOnAnotherExceptionType() throws Throwable {
    Class<?> reproducer = compile(source(BugTarget.class, ILLEGAL_STATE, bytes("OTHER")));

    Throwable failure = assertThrows(Throwable.class, () -> invoke(reproducer, "reproduces"));
    assertInstanceOf(AssertionFailedError.class, failure);
    assertTrue(failure.getMessage().contains("IllegalArgumentException"), failure::toString);
  }

  @Test
  void aFuzzedDataProviderTargetGetsWhittlesByteProvider() throws Throwable {
    // consumeInt reads the last four bytes, the last one most significant: 0x44332211.
    ReproducerSource source =
        source(DataProviderTarget.class, ILLEGAL_STATE, new byte[] {0x11, 0x22, 0x33, 0x44});
    assertTrue(
        source.render().contains("dev.whittle.jazzer.fdp.ByteFuzzedDataProvider.of(DATA)"),
        source::render);

    invoke(compile(source), "reproduces");
  }

  @Test
  void largeInputsAreEmbeddedAsBase64AndStillCompile() throws Throwable {
    byte[] large = bytes("a".repeat(ReproducerSource.MAX_LITERAL_BYTES * 3) + "BUG");
    ReproducerSource source = source(BugTarget.class, ILLEGAL_STATE, large);
    assertTrue(source.render().contains("Base64"), "not an array literal");

    Class<?> reproducer = compile(source);

    java.lang.reflect.Field data = reproducer.getDeclaredField("DATA");
    data.setAccessible(true);
    assertEquals(large.length, ((byte[]) data.get(null)).length);
    invoke(reproducer, "reproduces");
  }

  @Test
  void aTimeoutReproducerExpectsTheTargetToHang() throws Throwable {
    ReproducerSource source =
        new ReproducerSource(
            "a".repeat(40),
            shape(HangTarget.class),
            Finding.timeout(),
            bytes("H"),
            "crash-h",
            10,
            Duration.ofMillis(100));
    try {
      invoke(compile(source), "hangs");
    } finally {
      HangTarget.releaseAll();
    }
  }

  @Test
  void anExitReproducerIsDisabledAndSaysWhy() throws Throwable {
    ReproducerSource source =
        new ReproducerSource(
            "b".repeat(40),
            shape(ExitTarget.class),
            Finding.exit(3),
            bytes("x"),
            "crash-x",
            10,
            Duration.ofSeconds(1));

    Class<?> reproducer = compile(source);

    org.junit.jupiter.api.Disabled disabled =
        reproducer.getDeclaredMethod("exits").getAnnotation(org.junit.jupiter.api.Disabled.class);
    assertNotNull(disabled);
    assertTrue(disabled.value().contains("System.exit(3)"), disabled::value);
  }

  @Test
  void theTargetsLifeCycleMethodsRunAroundTheTest() throws Throwable {
    ReproducerSource source = source(InitializedTarget.class, ILLEGAL_STATE, bytes("s"));
    String text = source.render();
    assertTrue(text.contains("@BeforeAll"), text);
    assertTrue(text.contains(".fuzzerInitialize(new String[0]);"), text);
    assertTrue(text.contains(".fuzzerTearDown();"), text);

    Class<?> reproducer = compile(source);

    assertNotNull(reproducer.getDeclaredMethod("fuzzerInitialize"));
    assertNotNull(reproducer.getDeclaredMethod("fuzzerTearDown"));
  }

  private static ReproducerSource source(Class<?> target, Finding finding, byte[] data) {
    return new ReproducerSource(
        MinimizationOutputs.sha1Hex(data),
        shape(target),
        finding,
        data,
        "crash-1",
        99,
        Duration.ofSeconds(1));
  }

  /**
   * The entry points of the test targets used here, as the oracle finds them (FuzzTargetClassTest)
   * and a minimization hands them on: only InitializedTarget has a life cycle, only
   * DataProviderTarget takes a provider.
   */
  private static FuzzTargetShape shape(Class<?> target) {
    boolean lifeCycle = target == InitializedTarget.class;
    return new FuzzTargetShape(
        target.getName(),
        target == DataProviderTarget.class,
        lifeCycle ? FuzzTargetShape.Initialize.WITH_ARGS : FuzzTargetShape.Initialize.NONE,
        lifeCycle);
  }

  /** Compiles the reproducer and loads it with the test class loader as its parent. */
  private Class<?> compile(ReproducerSource source) throws IOException, ClassNotFoundException {
    Path file = Files.writeString(dir.resolve(source.fileName()), source.render(), UTF_8);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    boolean compiled =
        javac
            .getTask(
                diagnostics,
                null,
                null,
                List.of("-classpath", testClassPath(), "-d", classes.toString(), "-proc:none"),
                null,
                javac.getStandardFileManager(null, null, UTF_8).getJavaFileObjects(file))
            .call();
    assertTrue(compiled, () -> diagnostics + "\n" + source.render());
    URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, ReproducerSourceTest.class.getClassLoader());
    return Class.forName(source.className(), true, loader);
  }

  /** Runs a test method as JUnit would, minus the life cycle; rethrows what it threw. */
  private static void invoke(Class<?> reproducer, String methodName) throws Throwable {
    Method method = reproducer.getDeclaredMethod(methodName);
    method.setAccessible(true);
    try {
      method.invoke(reproducer.getDeclaredConstructor().newInstance());
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static String testClassPath() {
    // Surefire may start the JVM through a manifest-only jar; it names the real path here.
    String surefire = System.getProperty("surefire.test.class.path");
    String path = surefire != null ? surefire : System.getProperty("java.class.path");
    assertTrue(
        path.contains(TargetPaths.classPath().get(0).toString()),
        "the test classes are on " + path.replace(File.pathSeparator, "\n"));
    return path;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(ISO_8859_1);
  }
}
