package dev.whittle.jazzer.target;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.whittle.jazzer.targets.PlainTarget;
import dev.whittle.jazzer.targets.SystemPropertyTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.targets.TimeZoneTarget;
import dev.whittle.jazzer.targets.TurkishLocaleTarget;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/** A runner puts back the JVM-global state a run changed, and tells what it put back. */
class GlobalStateTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  @Test
  void theDefaultLocaleATargetSetIsPutBackAfterItsRun() {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.US); // The tests run in Turkish, where the target always throws.
    try (TargetRunner runner = open(TurkishLocaleTarget.class)) {
      assertNotNull(runner.run("TR".getBytes(UTF_8)));

      assertEquals(Locale.US, Locale.getDefault());
      assertNull(runner.run("tr".getBytes(UTF_8)), "the next run starts in the old locale");
      assertEquals(List.of("default locale"), List.copyOf(runner.movedGlobals().restored()));
      assertEquals(List.of(), List.copyOf(runner.movedGlobals().lasting()));
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void theDefaultTimeZoneAndASystemPropertyArePutBackToo() {
    TimeZone zone = TimeZone.getDefault();
    try (TargetRunner timeZone = open(TimeZoneTarget.class);
        TargetRunner property = open(SystemPropertyTarget.class)) {
      assertNotNull(timeZone.run("TZ".getBytes(UTF_8)));
      assertNotNull(property.run("PROP".getBytes(UTF_8)));

      assertEquals(zone.getID(), TimeZone.getDefault().getID());
      assertNull(System.getProperty("whittle.test.strict"));
      assertEquals(List.of("default time zone"), List.copyOf(timeZone.movedGlobals().restored()));
      assertEquals(List.of("system properties"), List.copyOf(property.movedGlobals().restored()));
    } finally {
      TimeZone.setDefault(zone);
      System.clearProperty("whittle.test.strict");
    }
  }

  @Test
  void aTargetThatLeavesTheJvmAloneMovesNothing() {
    try (TargetRunner runner = open(PlainTarget.class)) {
      runner.run("anything".getBytes(UTF_8));
      runner.run(new byte[0]);

      assertFalse(runner.movedGlobals().any(), runner.movedGlobals().describe());
    }
  }

  private static TargetRunner open(Class<?> target) {
    return TargetRunner.open(
        TargetSpec.of(target.getName(), TargetPaths.classPathUrls()), TIMEOUT, false);
  }
}
