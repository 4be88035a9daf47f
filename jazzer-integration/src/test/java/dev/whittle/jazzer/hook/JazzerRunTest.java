package dev.whittle.jazzer.hook;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.hook.JazzerRun.UnreadableJazzerRunException;
import dev.whittle.jazzer.output.MinimizationOutputs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which fuzz target Jazzer's driver runs, read from stand-ins for its {@code FuzzTargetHolder}: "no
 * target" only where there is none, and the real reason where it cannot be read.
 */
class JazzerRunTest {
  private static final ClassLoader LOADER = JazzerRunTest.class.getClassLoader();

  @TempDir Path dir;

  /**
   * Jazzer 0.30.0's shape: {@code fuzzTarget} holds an object whose {@code method} is the entry.
   */
  public static final class Holder {
    public static Object fuzzTarget;
  }

  /** What {@code FuzzTargetHolder.FuzzTarget} looks like, as far as the hook reads it. */
  public static final class FuzzTarget {
    public final Method method;

    FuzzTarget(Method method) {
      this.method = method;
    }
  }

  /** A holder of another Jazzer version, without the field. */
  public static final class HolderWithoutTarget {}

  /** A holder whose class initialization fails. */
  public static final class FailingHolder {
    public static final Object fuzzTarget = fail();

    private static Object fail() {
      throw new IllegalStateException("the holder cannot initialize");
    }
  }

  /** A stand-in for a fuzz target class. */
  public static final class SomeTarget {
    public static void fuzzerTestOneInput(byte[] data) {}
  }

  @Test
  void readsTheTargetClassFromTheHoldersMethod() throws Exception {
    Holder.fuzzTarget =
        new FuzzTarget(SomeTarget.class.getMethod("fuzzerTestOneInput", byte[].class));
    try {
      assertEquals(
          Optional.of(SomeTarget.class), JazzerRun.fuzzTargetClass(LOADER, Holder.class.getName()));
    } finally {
      Holder.fuzzTarget = null;
    }
  }

  @Test
  void noDriverOrNoChosenTargetIsNoTarget() {
    assertEquals(Optional.empty(), JazzerRun.fuzzTargetClass(LOADER, "no.such.FuzzTargetHolder"));
    assertEquals(Optional.empty(), JazzerRun.fuzzTargetClass(LOADER, Holder.class.getName()));
  }

  @Test
  void aHolderOfAnotherShapeIsReportedNotTakenForNoTarget() {
    UnreadableJazzerRunException e =
        assertThrows(
            UnreadableJazzerRunException.class,
            () -> JazzerRun.fuzzTargetClass(LOADER, HolderWithoutTarget.class.getName()));

    assertTrue(e.getMessage().contains("NoSuchFieldException: fuzzTarget"), e::getMessage);
  }

  @Test
  void aHolderThatFailsToInitializeIsReportedNotTakenForNoTarget() {
    UnreadableJazzerRunException e =
        assertThrows(
            UnreadableJazzerRunException.class,
            () -> JazzerRun.fuzzTargetClass(LOADER, FailingHolder.class.getName()));

    assertTrue(e.getCause() instanceof ExceptionInInitializerError, e::toString);
  }

  @Test
  void theHookSaysWhatFailedAndLeavesTheCrashFile() throws Exception {
    CrashFiles crashFiles = CrashFiles.snapshot(dir + "/");
    byte[] content = {1, 2, 3};
    Path crash = Files.write(dir.resolve("crash-" + MinimizationOutputs.sha1Hex(content)), content);
    ByteArrayOutputStream log = new ByteArrayOutputStream();

    new CrashHook(
            HookOptions.parse(null),
            crashFiles,
            () -> JazzerRun.fuzzTargetClass(LOADER, HolderWithoutTarget.class.getName()),
            new PrintStream(log, true, UTF_8))
        .run();

    String logged = log.toString(UTF_8);
    assertTrue(logged.contains("NoSuchFieldException: fuzzTarget"), logged);
    assertFalse(logged.contains("no standalone fuzz target"), logged);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(crash), files.toList());
    }
  }
}
