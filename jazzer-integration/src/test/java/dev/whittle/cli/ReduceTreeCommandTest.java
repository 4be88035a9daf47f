package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.jazzer.passes.TreePipeline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code whittle reduce --format ... --algorithm hdd|gtr|...}: the tree passes from the CLI. */
class ReduceTreeCommandTest {
  private static final String JSON =
      "{\"name\": \"x\", \"list\": [1, 2, {\"deep\": [3, 4, \"boom\"]}], \"other\": {\"a\": 1}}\n";

  @TempDir Path dir;

  private static final List<String> GREP = List.of("grep", "-q", "\"boom\"");

  private JsonObject reduce(String... options) throws IOException {
    return reduce(GREP, options);
  }

  private JsonObject reduce(List<String> test, String... options) throws IOException {
    Path input = dir.resolve("crash.json");
    Files.writeString(input, JSON, StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>(List.of("reduce", "--json"));
    args.addAll(List.of(options));
    args.add("--test");
    args.addAll(test);
    args.add(input.toString());
    Execution run = InProcessWhittle.execute(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(
        JSON, Files.readString(input, StandardCharsets.UTF_8), "the input is never changed");
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    json.addProperty(
        "result", Files.readString(dir.resolve("crash.json.reduced"), StandardCharsets.UTF_8));
    return json;
  }

  @Test
  void everyTreeAlgorithmEndsOneMinimalAndNoLargerThanTheSequenceReduction() throws IOException {
    JsonObject bytesOnly = reduce("--format", "bytes");
    assertEquals("\"boom\"", bytesOnly.get("result").getAsString());
    for (String algorithm : ReduceAlgorithm.TREE_NAMES) {
      JsonObject tree = reduce("--format", "json", "--algorithm", algorithm);
      assertEquals("\"boom\"", tree.get("result").getAsString(), algorithm);
      assertTrue(tree.get("oneMinimal").getAsBoolean(), algorithm);
    }
  }

  @Test
  void jsonCountsTheTestRunsOfEveryPassAndOfTheAlgorithm() throws IOException {
    JsonObject json = reduce("--format", "json");

    JsonObject perPass = json.getAsJsonObject("runsPerPass");
    List<String> names = new ArrayList<>(perPass.keySet());
    assertEquals(
        TreePipeline.defaultPassNames(), names.subList(0, names.size() - 1), names::toString);
    assertEquals("sequence", names.get(names.size() - 1));
    assertTrue(perPass.get("hdd*").getAsLong() > 0, perPass::toString);
    long sum = names.stream().mapToLong(name -> perPass.get(name).getAsLong()).sum();
    // The original's question is answered by the check of INPUT, not by a run.
    assertEquals(json.get("runs").getAsLong() - 1, sum, json::toString);
  }

  @Test
  void aCrashWithNulsGetsTheTreePassesOnceTheyAreGone() throws IOException {
    // A pattern whose parentheses balance, with a brace, and NULs as Jazzer's mutations leave
    // them: binary at first. Byte deletion alone ends 1-minimal at "({)"; once the NULs are gone
    // the content is text, and debracket drops the pair at once.
    Path input = dir.resolve("crash");
    Files.write(input, "(a\0\0\0b{\0\0c)".getBytes(StandardCharsets.ISO_8859_1));
    String balancedWithBrace = "^(?=.*\\{)(?:[^()]|(\\((?:[^()]|(?1))*\\)))*$";

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--json", "--test", "grep", "-qaP", balancedWithBrace, input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("{", Files.readString(dir.resolve("crash.reduced"), StandardCharsets.ISO_8859_1));
    JsonObject perPass =
        JsonParser.parseString(run.out()).getAsJsonObject().getAsJsonObject("runsPerPass");
    assertTrue(perPass.get("debracket").getAsLong() > 0, perPass::toString);
  }

  @Test
  void jobsDoNotChangeTheResultOrTheQuestionsAnsweredFirst() throws IOException {
    JsonObject one = reduce("--algorithm", "gtr", "--jobs", "1");
    JsonObject two = reduce("--algorithm", "gtr", "--jobs", "2");
    assertEquals(one.get("result").getAsString(), two.get("result").getAsString());
  }

  @Test
  void gtrLearnsFromADirectoryOfValidInputs() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("a.json"), "{\"a\": [1, 2]}");
    Files.writeString(corpus.resolve("b.json"), "[{\"b\": \"c\"}]");
    JsonObject learned =
        reduce("--format", "json", "--algorithm", "gtr*", "--learn-from", corpus.toString());
    assertEquals("\"boom\"", learned.get("result").getAsString());
  }

  @Test
  void badFormatsAndOptionsAreUsageErrorsNamingTheValue() throws IOException {
    Path input = dir.resolve("in.txt");
    Files.writeString(input, "x");
    assertUsageError(
        dir.resolve("Missing.g4").toString(),
        input,
        "--format",
        "grammar:" + dir.resolve("Missing.g4"));
    Path broken = dir.resolve("Broken.g4");
    Files.writeString(broken, "grammar Broken;\nstart : undefinedRule ;\n");
    assertUsageError(broken.toString(), input, "--format", "grammar:" + broken);
    assertUsageError("unknown --format 'yml'", input, "--format", "yml");
    assertUsageError("--learn-from is for --algorithm gtr", input, "--learn-from", dir.toString());
    assertUsageError(
        dir.resolve("missing") + " is not a directory",
        input,
        "--algorithm",
        "gtr",
        "--learn-from",
        dir.resolve("missing").toString());
    assertUsageError(
        "need --granularity bytes", input, "--format", "json", "--granularity", "chars");
    assertUsageError("hdd*", input, "--algorithm", "hdd-star");
  }

  @Test
  void aUsersAntlrGrammarDrivesTheTreePasses() throws IOException {
    assertEquals("/ 0", reduceCalc("--format", "grammar:" + writeCalcGrammar()));
  }

  @Test
  void grammarIsShortForFormatGrammar() throws IOException {
    Path grammar = writeCalcGrammar();
    assertEquals("/ 0", reduceCalc("--grammar", grammar.toString()));
    // Saying the same twice is no conflict.
    assertEquals(
        "/ 0",
        reduceCalc("--grammar", grammar.toString(), "--format", "grammar:" + grammar.toString()));
  }

  @Test
  void grammarWithAnotherFormatOrAMissingFileIsAUsageErrorNamingIt() throws IOException {
    Path input = dir.resolve("in.txt");
    Files.writeString(input, "x");
    Path grammar = writeCalcGrammar();
    assertUsageError(
        "--grammar " + grammar + " is short for --format grammar:" + grammar,
        input,
        "--grammar",
        grammar.toString(),
        "--format",
        "json");
    assertUsageError(
        "it cannot go with --format grammar:" + dir.resolve("Other.g4"),
        input,
        "--grammar",
        grammar.toString(),
        "--format",
        "grammar:" + dir.resolve("Other.g4"));
    assertUsageError(
        "--grammar " + dir.resolve("Missing.g4") + " does not exist",
        input,
        "--grammar",
        dir.resolve("Missing.g4").toString());
    assertUsageError("--grammar " + dir + " is not a file", input, "--grammar", dir.toString());
    Path broken = dir.resolve("Broken.g4");
    Files.writeString(broken, "grammar Broken;\nstart : undefinedRule ;\n");
    assertUsageError(broken.toString(), input, "--grammar", broken.toString());
    assertUsageError(
        "need --granularity bytes",
        input,
        "--grammar",
        grammar.toString(),
        "--granularity",
        "lines");
  }

  private Path writeCalcGrammar() throws IOException {
    Path grammar = dir.resolve("Calc.g4");
    Files.writeString(
        grammar,
        String.join(
            "\n",
            "grammar Calc;",
            "expr : term (('+' | '-') term)* ;",
            "term : factor (('*' | '/') factor)* ;",
            "factor : NUMBER | '(' expr ')' ;",
            "NUMBER : [0-9]+ ;",
            "WS : [ \\t\\r\\n]+ -> skip ;",
            ""));
    return grammar;
  }

  /** Reduces the Calc crash with {@code options}, the test a grep for "/ 0"; the result. */
  private String reduceCalc(String... options) throws IOException {
    Path input = dir.resolve("crash.calc");
    String original = "(12 + 3) * (4 - (5 / 0)) + 6 * 7\n";
    Files.writeString(input, original, StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>(List.of("reduce", "--json"));
    args.addAll(List.of(options));
    args.addAll(List.of("--test", "grep", "-q", "/ 0", input.toString()));
    Execution run = InProcessWhittle.execute(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(original, Files.readString(input, StandardCharsets.UTF_8));
    return Files.readString(dir.resolve("crash.calc.reduced"), StandardCharsets.UTF_8);
  }

  @Test
  void theHelpsFormatListIsTheCoresOwn() {
    assertEquals(
        "auto, " + String.join(", ", LenientFormats.NAMES) + ", grammar:FILE.g4",
        TreePipeline.FORMAT_NAMES);
  }

  private void assertUsageError(String message, Path input, String... options) {
    List<String> args = new ArrayList<>(List.of("reduce"));
    args.addAll(List.of(options));
    args.addAll(List.of("--test", "true", input.toString()));
    Execution run = InProcessWhittle.execute(args.toArray(String[]::new));
    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains(message), run::toString);
  }
}
