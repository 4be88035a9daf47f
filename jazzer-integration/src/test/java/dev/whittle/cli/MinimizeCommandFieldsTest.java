package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.MatchMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code minimize}'s model puts every parsed value into the field the command reads it from: an
 * option declared on the wrong field would parse without error and be ignored.
 */
class MinimizeCommandFieldsTest {
  @Test
  void everyOptionGoesIntoItsField() {
    MinimizeCommand command =
        parse(
            "--cp",
            "a:b",
            "--target",
            "p.T",
            "--algorithm",
            "ddmin",
            "--jobs",
            "2",
            "--match",
            "top-frames-3",
            "--timeout",
            "1.5s",
            "--fresh-loader",
            "--no-value-reduction",
            "--jvm-arg",
            "-Xss512k",
            "--jvm-arg=-Xmx64m",
            "--verify-in-fresh-jvm",
            "--no-fresh-jvm",
            "--fresh-jvm-runs",
            "5",
            "--output",
            "out.bin",
            "--json",
            "--plot",
            "p.svg",
            "--max-runs",
            "100",
            "--deadline",
            "PT2S",
            "c1",
            "c2");

    assertEquals("a:b", command.targetOptions.classPath);
    assertEquals("p.T", command.targetOptions.targetClass);
    assertEquals("ddmin", command.algorithmOption.algorithm.name());
    assertEquals(2, command.jobsOption.jobs);
    assertEquals(MatchMode.named("top-frames-3").toString(), command.matchMode.toString());
    assertEquals(Duration.ofMillis(1500), command.timeoutOption.timeout);
    assertTrue(command.freshLoader);
    assertFalse(command.valueReductionOption.enabled());
    assertEquals(List.of("-Xss512k", "-Xmx64m"), command.freshJvmOptions.jvmArgs);
    assertTrue(command.freshJvmOptions.verifyInFreshJvm);
    assertTrue(command.freshJvmOptions.noFreshJvm);
    assertEquals(5, command.freshJvmOptions.freshJvmRuns);
    assertEquals(Path.of("out.bin"), command.outputOption.output);
    assertTrue(command.jsonOption.json);
    assertEquals(Path.of("p.svg"), command.plotOption.plot);
    assertEquals(100L, command.maxRunsOption.maxRuns);
    assertEquals(Duration.ofSeconds(2), command.deadlineOption.deadline);
    assertEquals(Duration.ofSeconds(2), command.deadline());
    assertEquals(List.of(Path.of("c1"), Path.of("c2")), command.crashArguments);
  }

  @Test
  void optionsNotGivenGetTheirDefaults() {
    MinimizeCommand command = parse("--cp", "a", "--target", "p.T", "crash");

    assertEquals("entropy", command.algorithmOption.algorithm.name());
    assertEquals(1, command.jobsOption.jobs);
    assertEquals(MatchMode.DEDUP_TOKEN, command.matchMode.toString());
    assertNull(command.timeoutOption.timeout);
    assertFalse(command.freshLoader);
    assertTrue(command.valueReductionOption.enabled());
    assertNull(command.freshJvmOptions.jvmArgs);
    assertEquals(List.of(), command.targetOptions.targetArgs());
    assertFalse(command.freshJvmOptions.verifyInFreshJvm);
    assertFalse(command.freshJvmOptions.noFreshJvm);
    assertEquals(3, command.freshJvmOptions.freshJvmRuns);
    assertNull(command.outputOption.output);
    assertFalse(command.jsonOption.json);
    assertNull(command.plotOption.plot);
    assertNull(command.maxRunsOption.maxRuns);
    assertNull(command.deadlineOption.deadline);
    assertEquals(Duration.ofMinutes(2), command.deadline());
    assertEquals(List.of(Path.of("crash")), command.crashArguments);
  }

  private static MinimizeCommand parse(String... options) {
    CommandSpec spec = InProcessWhittle.parse("minimize", options);
    return spec.commandLine().getCommand();
  }
}
