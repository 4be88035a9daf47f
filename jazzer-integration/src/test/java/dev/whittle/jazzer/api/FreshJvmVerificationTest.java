package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.FirstRunOverflowTarget;
import dev.whittle.jazzer.targets.OutOfMemoryTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.targets.WarmLoaderOverflowTarget;
import dev.whittle.jazzer.targets.WarmOnlyOverflowTarget;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Resource findings are verified in fresh JVMs ({@code FreshJvmReplay} on this JVM's class path),
 * and a result that does not reproduce there is backed off from or marked unverified. Each test
 * starts a few JVMs.
 */
class FreshJvmVerificationTest {
  private static final byte[] OVERFLOW_CRASH =
      "0123456789abcdefghijklmnopqRstuvwxyz0123456789".getBytes(UTF_8);

  @AfterEach
  void coolDown() {
    System.clearProperty(WarmOnlyOverflowTarget.WARM);
  }

  private static CrashMinimizer minimizer(Class<?> target) {
    return CrashMinimizer.forTarget(target.getName(), TargetPaths.classPath());
  }

  @Test
  void anOutOfMemoryResultIsVerifiedInFreshJvms() {
    MinimizationResult result =
        minimizer(OutOfMemoryTarget.class).minimize("xxxxMEMxxxx".getBytes(UTF_8));

    assertArrayEquals("MEM".getBytes(UTF_8), result.minimized());
    assertTrue(result.verified(), result.verification().toString());
    assertEquals(Verification.FRESH_JVM, result.verification().method());
    assertTrue(
        result.verification().detail().startsWith("3/3 fresh JVMs with "),
        "an out-of-memory error runs once in each: " + result.verification().detail());
  }

  @Test
  void backsOffToTheSmallestImprovementThatOverflowsAndThenBetweenItAndTheLastThatDidNot() {
    System.setProperty(WarmOnlyOverflowTarget.WARM, "true");

    MinimizationResult result = minimizer(WarmOnlyOverflowTarget.class).minimize(OVERFLOW_CRASH);

    assertTrue(result.verified(), result.verification().toString());
    assertEquals(1, result.reduction().reduced().length, "in process it reduces to \"R\"");
    assertTrue(
        result.minimized().length >= WarmOnlyOverflowTarget.FRESH_MIN_LENGTH
            && result.minimized().length < WarmOnlyOverflowTarget.FRESH_MIN_LENGTH + 2,
        result.minimized().length + " bytes");
    assertTrue(new String(result.minimized(), UTF_8).contains("R"));
    assertTrue(
        result.verification().detail().contains("backed off from 1 bytes (0/3)"),
        result.verification().detail());
    assertTrue(
        result.verification().detail().startsWith("3/3 fresh JVMs with "),
        "an overflow thrown outside a recursion runs once in each: "
            + result.verification().detail());
  }

  @Test
  void aResultThatNoFreshJvmReproducesIsUnverifiedAndSaysWhy() {
    System.setProperty(WarmOnlyOverflowTarget.WARM, "true");

    MinimizationResult result =
        minimizer(WarmOnlyOverflowTarget.class).minimize("aaRaa".getBytes(UTF_8));

    assertFalse(result.verified());
    assertEquals(Verification.FRESH_JVM, result.verification().method());
    assertTrue(
        result.verification().detail().contains("not even the crash itself"),
        result.verification().detail());
    assertArrayEquals("R".getBytes(UTF_8), result.minimized());
  }

  @Test
  void anOverflowThatOnlyTheFirstRunOfAFreshJvmReachesDoesNotReproduce() {
    System.setProperty(WarmOnlyOverflowTarget.WARM, "true");

    MinimizationResult result =
        minimizer(FirstRunOverflowTarget.class).minimize("aaRaa".getBytes(UTF_8));

    assertArrayEquals("R".getBytes(UTF_8), result.minimized());
    assertFalse(result.verified(), result.verification().toString());
    assertTrue(
        result.verification().detail().contains("not even the crash itself"),
        result.verification().detail());
  }

  @Test
  void theFreshJvmsGetTheGivenOptions() {
    System.setProperty(WarmOnlyOverflowTarget.WARM, "true");

    MinimizationResult result =
        minimizer(WarmOnlyOverflowTarget.class)
            .withFreshJvmArgs(List.of("-D" + WarmOnlyOverflowTarget.WARM + "=true", "-Xss512k"))
            .minimize("aaRaa".getBytes(UTF_8));

    assertTrue(result.verified(), result.verification().toString());
    assertArrayEquals("R".getBytes(UTF_8), result.minimized());
    assertTrue(result.verification().detail().contains("-Xss512k"));
  }

  @Test
  void aStackOverflowIsReducedWithAFreshLoaderPerCandidate() {
    MinimizationResult result =
        minimizer(WarmLoaderOverflowTarget.class).minimize("aaRaa".getBytes(UTF_8));
    MinimizationResult shared =
        minimizer(WarmLoaderOverflowTarget.class)
            .withFreshJvmVerification(FreshJvmVerification.OFF)
            .minimize("aaRaa".getBytes(UTF_8));

    assertArrayEquals("R".getBytes(UTF_8), result.reduction().reduced());
    assertTrue(result.verified(), result.verification().toString());
    assertArrayEquals(
        new byte[0], shared.reduction().reduced(), "one warm loader overflows on anything");
  }

  @Test
  void otherFindingsStayInAFreshClassLoaderUnlessAskedFor() {
    MinimizationResult byDefault = minimizer(BugTarget.class).minimize("xxBUGxx".getBytes(UTF_8));
    MinimizationResult always =
        minimizer(BugTarget.class)
            .withFreshJvmVerification(FreshJvmVerification.ALWAYS)
            .minimize("xxBUGxx".getBytes(UTF_8));

    assertEquals(Verification.FRESH_CLASS_LOADER, byDefault.verification().method());
    assertEquals(Verification.FRESH_JVM, always.verification().method());
    assertTrue(always.verified(), always.verification().toString());
  }

  @Test
  void withoutFreshJvmsAResourceFindingIsVerifiedInAFreshClassLoader() {
    System.setProperty(WarmOnlyOverflowTarget.WARM, "true");

    MinimizationResult result =
        minimizer(WarmOnlyOverflowTarget.class)
            .withFreshJvmVerification(FreshJvmVerification.OFF)
            .minimize("aaRaa".getBytes(UTF_8));

    assertEquals(Verification.FRESH_CLASS_LOADER, result.verification().method());
    assertTrue(result.verified());
  }
}
