package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code reduce}'s model puts every parsed value into the field the command reads it from: an
 * option declared on the wrong field would parse without error and be ignored.
 */
class ReduceCommandFieldsTest {
  @Test
  void everyOptionGoesIntoItsField() {
    ReduceCommand command =
        parse(
            "--test",
            "./t.sh",
            "-x",
            "--granularity",
            "lines",
            "--passes",
            "blocks,zero-runs",
            "--algorithm",
            "gtr*",
            "--format",
            "json",
            "--grammar",
            "J.g4",
            "--level-algorithm",
            "ddmin",
            "--learn-from",
            "valid",
            "--jobs",
            "2",
            "--output",
            "out.txt",
            "--json",
            "--plot",
            "p.svg",
            "--timeout",
            "1.5s",
            "--max-runs",
            "100",
            "--check-runs",
            "5",
            "--deadline",
            "PT2S",
            "in.txt");

    assertEquals(List.of("./t.sh", "-x"), command.testWords);
    assertEquals(Granularity.LINES, command.granularity);
    assertEquals("blocks,zero-runs", command.passOptions.passes);
    assertEquals(Optional.of("gtr*"), command.passOptions.algorithm.tree());
    assertEquals("json", command.passOptions.format);
    assertEquals(Path.of("J.g4"), command.passOptions.grammar);
    assertEquals("ddmin", command.passOptions.levelAlgorithm.name());
    assertEquals(Path.of("valid"), command.passOptions.learnFrom);
    assertEquals(2, command.jobsOption.jobs);
    assertEquals(Path.of("out.txt"), command.outputOption.output);
    assertTrue(command.jsonOption.json);
    assertEquals(Path.of("p.svg"), command.plotOption.plot);
    assertEquals(Duration.ofMillis(1500), command.timeoutOption.timeout);
    assertEquals(100L, command.maxRuns());
    assertEquals(5, command.checkRuns);
    assertEquals(Duration.ofSeconds(2), command.deadlineOption.deadline);
    assertEquals(List.of("in.txt"), command.positionals);
  }

  @Test
  void optionsNotGivenGetTheirDefaults() {
    ReduceCommand command = parse("in.txt", "--", "./t.sh", "--jobs", "2");

    assertEquals(List.of(), command.testWords);
    assertEquals(Granularity.BYTES, command.granularity);
    assertNull(command.passOptions.passes);
    assertEquals("entropy", command.passOptions.algorithm.sequence().name());
    assertEquals(Optional.empty(), command.passOptions.algorithm.tree());
    assertEquals("auto", command.passOptions.format);
    assertNull(command.passOptions.grammar);
    assertEquals("entropy", command.passOptions.levelAlgorithm.name());
    assertNull(command.passOptions.learnFrom);
    assertEquals(1, command.jobsOption.jobs);
    assertNull(command.outputOption.output);
    assertFalse(command.jsonOption.json);
    assertNull(command.plotOption.plot);
    assertNull(command.timeoutOption.timeout);
    assertNull(command.maxRuns());
    assertEquals(3, command.checkRuns);
    assertNull(command.deadlineOption.deadline);
    assertEquals(List.of("in.txt", "./t.sh", "--jobs", "2"), command.positionals);
  }

  @Test
  void theEarlierNameOfMaxRunsStillWorksAndNotBesideIt() {
    assertEquals(40L, parse("--max-calls", "40", "in.txt").maxRuns());
    ParameterException both =
        assertThrows(
            ParameterException.class,
            () -> parse("--max-runs", "1", "--max-calls", "2", "in.txt").maxRuns());
    assertEquals("--max-calls is the earlier name of --max-runs; give one", both.getMessage());
    assertFalse(
        InProcessWhittle.parse("reduce", "in.txt")
            .commandLine()
            .getUsageMessage()
            .contains("--max-calls"));
  }

  private static ReduceCommand parse(String... options) {
    CommandSpec spec = InProcessWhittle.parse("reduce", options);
    return spec.commandLine().getCommand();
  }
}
