package dev.whittle.jazzer.target;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.whittle.jazzer.agent.JazzerAgent;
import dev.whittle.jazzer.agent.JazzerRuntime;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import dev.whittle.jazzer.targets.DataProviderTarget;
import dev.whittle.jazzer.targets.DedupZooTarget;
import dev.whittle.jazzer.targets.FailingInitTarget;
import dev.whittle.jazzer.targets.FlakyTarget;
import dev.whittle.jazzer.targets.HangTarget;
import dev.whittle.jazzer.targets.InitializedTarget;
import dev.whittle.jazzer.targets.PlainTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class TargetRunnerTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  @AfterAll
  static void releaseHungTargets() {
    HangTarget.releaseAll();
  }

  @Test
  void aDetectorFindingCountsEvenWhenTheTargetSwallowsItAndTheRuntimeIsRestored() throws Exception {
    Class<?> internal = Class.forName(JazzerRuntime.JAZZER_INTERNAL);
    Field hooksEnabled = internal.getField("hooksEnabled");
    Field lastFinding = internal.getField("lastFinding");
    Throwable earlier = new Throwable("earlier finding");
    hooksEnabled.setBoolean(null, false);
    lastFinding.set(null, earlier);
    try (TargetRunner runner = open(DedupZooTarget.class)) {
      assertTrue(runner.jazzerRuntimePresent());

      Finding finding = runner.run("h".getBytes(UTF_8));

      assertEquals(
          "com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh", finding.exceptionClassName());
      assertFalse(hooksEnabled.getBoolean(null));
      assertSame(earlier, lastFinding.get(null));
    } finally {
      hooksEnabled.setBoolean(null, true);
      lastFinding.set(null, null);
    }
  }

  @Test
  void plainExceptionsAreFindingsWithoutJazzersRuntime() {
    // Once a test has installed Jazzer's agent, every loader sees its runtime on the boot path.
    assumeFalse(JazzerAgent.onBootClassPath(), "Jazzer's agent is installed in this JVM");
    TargetSpec spec =
        TargetSpec.of(PlainTarget.class.getName(), TargetPaths.classPathUrls())
            .withParent(ClassLoader.getPlatformClassLoader());
    try (TargetRunner runner = TargetRunner.open(spec, TIMEOUT, false)) {
      assertFalse(runner.jazzerRuntimePresent());
      assertNull(runner.run("fine".getBytes(UTF_8)));
      assertEquals(
          IllegalStateException.class.getName(),
          runner.run("!".getBytes(UTF_8)).exceptionClassName());
    }
  }

  @Test
  void dataProviderTargetsGetAByteExactProviderByDefault() {
    try (TargetRunner runner = open(DataProviderTarget.class)) {
      Finding magic = runner.run(new byte[] {1, 2, 0x11, 0x22, 0x33, 0x44});
      assertEquals(IllegalStateException.class.getName(), magic.exceptionClassName());
      assertNull(runner.run(new byte[] {1, 2, 3, 4}));
    }
  }

  @Test
  void aConfiguredProviderFactoryIsUsedForEveryRun() {
    AtomicInteger created = new AtomicInteger();
    FuzzedDataProviderFactory counting =
        data -> {
          created.incrementAndGet();
          return ByteFuzzedDataProvider.of(data);
        };
    TargetSpec spec =
        TargetSpec.of(DataProviderTarget.class.getName(), TargetPaths.classPathUrls())
            .withDataProviders(counting);
    try (TargetRunner runner = TargetRunner.open(spec, TIMEOUT, false)) {
      int probes = created.get();
      assertNotNull(runner.run(new byte[] {0x11, 0x22, 0x33, 0x44}));
      assertNull(runner.run(new byte[] {0}));
      assertEquals(probes + 2, created.get());
    }
  }

  @Test
  void recordingARunGivesItsCallsAndCountsAsARun() {
    for (boolean freshLoader : new boolean[] {false, true}) {
      TargetSpec spec =
          TargetSpec.of(DataProviderTarget.class.getName(), TargetPaths.classPathUrls());
      try (TargetRunner runner = TargetRunner.open(spec, TIMEOUT, freshLoader)) {
        assertTrue(runner.takesDataProvider());
        // "zx" makes the target call consumeInt(5, 1), which the provider rejects: not recorded.
        byte[] input = {'z', 'x', 0x11, 0x22, 0x33, 0x40};

        Optional<List<FuzzedDataCall>> calls = runner.recordCalls(input);

        assertEquals(
            Optional.of(
                List.of(
                    FuzzedDataCall.of(FuzzedDataMethod.CONSUME_INT, List.of(), 0x40332211),
                    FuzzedDataCall.of(
                        FuzzedDataMethod.CONSUME_REMAINING_AS_STRING, List.of(), "zx"))),
            calls);
        assertEquals(1, runner.runs());
        assertNotNull(runner.run(input), "recording changes nothing for the next run");
      }
    }
  }

  @Test
  void aByteArrayTargetHasNoRecording() {
    try (TargetRunner runner = open(PlainTarget.class)) {
      assertFalse(runner.takesDataProvider());
      assertEquals(Optional.empty(), runner.recordCalls(new byte[] {'!'}));
    }
  }

  @Test
  void initializesWithArgumentsAndTearsDownOnClose() {
    System.clearProperty(InitializedTarget.TORN_DOWN);
    TargetSpec spec =
        new TargetSpec(
            InitializedTarget.class.getName(),
            TargetPaths.classPathUrls(),
            TargetRunnerTest.class.getClassLoader(),
            null,
            List.of("s3cret", "more"));
    try (TargetRunner runner = TargetRunner.open(spec, TIMEOUT, false)) {
      assertEquals("[s3cret, more]", System.getProperty(InitializedTarget.INITIALIZED));
      assertNotNull(runner.run("s3cret".getBytes(UTF_8)));
      assertNull(runner.run("guess".getBytes(UTF_8)));
      assertNull(System.getProperty(InitializedTarget.TORN_DOWN));
    }
    assertEquals("yes", System.getProperty(InitializedTarget.TORN_DOWN));
  }

  @Test
  void aFreshTargetPerRunIsInitializedAndTornDownAroundEveryRun() throws IOException {
    TargetSpec spec =
        new TargetSpec(
            InitializedTarget.class.getName(),
            TargetPaths.classPathUrls(),
            TargetRunnerTest.class.getClassLoader(),
            null,
            List.of("s3cret"));
    Path log = Files.createTempFile("whittle-lifecycle", ".log");
    System.setProperty(InitializedTarget.LOG, log.toString());
    try (TargetRunner runner = TargetRunner.open(spec, TIMEOUT, true)) {
      Files.writeString(log, "", UTF_8); // Opening loaded and initialized a target once.
      for (int run = 0; run < 3; run++) {
        assertNotNull(runner.run("s3cret".getBytes(UTF_8)), "run " + run);

        assertEquals(
            List.of("initialized [s3cret]", "torn down"),
            Files.readAllLines(log, UTF_8),
            "run " + run);
        Files.writeString(log, "", UTF_8);
      }
    } finally {
      System.clearProperty(InitializedTarget.LOG);
      System.clearProperty(InitializedTarget.INITIALIZED);
      System.clearProperty(InitializedTarget.TORN_DOWN);
      Files.deleteIfExists(log);
    }
  }

  @Test
  void aFailingInitializerIsALoadErrorNamingTheClass() {
    FuzzTargetLoadException e =
        assertThrows(FuzzTargetLoadException.class, () -> open(FailingInitTarget.class));
    assertTrue(e.getMessage().contains(FailingInitTarget.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains("cannot initialize"), e.getMessage());
  }

  @Test
  void aTimedOutRunIsAbandonedAndAFreshWorkerServesTheNext() {
    TargetSpec spec = TargetSpec.of(HangTarget.class.getName(), TargetPaths.classPathUrls());
    try (TargetRunner runner = TargetRunner.open(spec, Duration.ofMillis(100), false)) {
      assertEquals(1, runner.workersStarted());

      assertEquals(Finding.Kind.TIMEOUT, runner.run("H".getBytes(UTF_8)).kind());

      assertEquals(Finding.Kind.THROWN, runner.run("X".getBytes(UTF_8)).kind());
      assertNull(runner.run("ok".getBytes(UTF_8)));
      assertEquals(2, runner.workersStarted());
    }
  }

  @Test
  void aFreshTargetPerRunStartsEveryRunFromFreshStaticState() {
    TargetSpec spec = TargetSpec.of(FlakyTarget.class.getName(), TargetPaths.classPathUrls());
    try (TargetRunner shared = TargetRunner.open(spec, TIMEOUT, false);
        TargetRunner fresh = TargetRunner.open(spec, TIMEOUT, true)) {
      byte[] input = "F".getBytes(UTF_8);
      assertNotNull(shared.run(input));
      assertNull(shared.run(input));
      // Every run's loader defines the target from the runner's cached class files, anew.
      for (int run = 0; run < 3; run++) {
        assertNotNull(fresh.run(input), "run " + run);
      }
    }
  }

  private static TargetRunner open(Class<?> target) {
    return TargetRunner.open(
        TargetSpec.of(target.getName(), TargetPaths.classPathUrls()), TIMEOUT, false);
  }
}
