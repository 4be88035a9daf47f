package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.InitializeHangTarget;
import dev.whittle.jazzer.targets.InitializedTarget;
import dev.whittle.jazzer.targets.PlainTarget;
import dev.whittle.jazzer.targets.StaticHangTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code minimize}, {@code corpus} and {@code reduce} tell a user who got something wrong, as
 * a new user of the README's jar does: each message names what is wrong and what to do.
 */
class CliMessagesTest {
  private static final String BUG_TARGET = BugTarget.class.getName();
  private static final String PLAIN_TARGET = PlainTarget.class.getName();

  @TempDir Path dir;

  private static String classes() {
    return TargetPaths.classPath().get(0).toString();
  }

  private Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content, ISO_8859_1);
  }

  @Test
  void aHangingInitializationNamesTheStepThatHungTheLimitAndTheOptionThatSetsIt() throws Exception {
    Path crash = write("crash-1", "x");
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("a"), "a");
    // The three wait out the 30 s limit together: each JVM only sleeps meanwhile.
    Process minimizeStatic =
        start(
            "minimize",
            "--cp",
            classes(),
            "--target",
            StaticHangTarget.class.getName(),
            "" + crash);
    Process corpusStatic =
        start(
            "corpus",
            "--cp",
            classes(),
            "--target",
            StaticHangTarget.class.getName(),
            "--output",
            dir.resolve("out").toString(),
            corpus.toString());
    Process minimizeInitialize =
        start(
            "minimize",
            "--cp",
            classes(),
            "--target",
            InitializeHangTarget.class.getName(),
            "--output",
            dir.resolve("init-out").toString(),
            crash.toString());

    for (Process process : List.of(minimizeStatic, corpusStatic)) {
      Subprocess run = finish(process);
      assertEquals(ExitCodes.TARGET_NOT_LOADABLE, run.exitCode(), run::toString);
      assertTrue(
          run.err()
              .contains(
                  "the static initializer of "
                      + StaticHangTarget.class.getName()
                      + " did not finish within 30s"),
          run::toString);
      assertTrue(run.err().contains("--timeout"), "names the option: " + run);
      assertFalse(run.err().contains("fuzzerInitialize"), "the class has none: " + run);
    }
    Subprocess run = finish(minimizeInitialize);
    assertEquals(ExitCodes.TARGET_NOT_LOADABLE, run.exitCode(), run::toString);
    assertTrue(
        run.err()
            .contains(
                "fuzzerInitialize of "
                    + InitializeHangTarget.class.getName()
                    + " did not finish within 30s"),
        run::toString);
  }

  @Test
  void targetArgGoesToFuzzerInitializeAndItsAbsenceIsNamedWhenTheArgumentsRunOut()
      throws IOException {
    Path crash = write("crash-1", "s3cret");
    String target = InitializedTarget.class.getName();

    Execution without =
        InProcessWhittle.execute(
            "minimize", "--cp", classes(), "--target", target, crash.toString());
    assertEquals(ExitCodes.TARGET_NOT_LOADABLE, without.exitCode(), without::toString);
    assertTrue(without.err().contains("ArrayIndexOutOfBoundsException"), without::toString);
    assertTrue(
        without.err().contains("it was called with no arguments: give them with --target-arg"),
        without::toString);

    Execution with =
        InProcessWhittle.execute(
            "minimize",
            "--cp",
            classes(),
            "--target",
            target,
            "--target-arg",
            "s3cret",
            "--target-arg=other",
            crash.toString());
    assertEquals(0, with.exitCode(), with::toString);

    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("a"), "a");
    Execution corpusRun =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            classes(),
            "--target",
            target,
            "--target-arg",
            "s3cret",
            "--output",
            dir.resolve("out").toString(),
            corpus.toString());
    assertEquals(0, corpusRun.exitCode(), corpusRun::toString);
    Execution corpusWithout =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            classes(),
            "--target",
            target,
            "--output",
            dir.resolve("out2").toString(),
            corpus.toString());
    assertEquals(ExitCodes.TARGET_NOT_LOADABLE, corpusWithout.exitCode(), corpusWithout::toString);
    assertTrue(corpusWithout.err().contains("--target-arg"), corpusWithout::toString);
  }

  @Test
  void aTrailingStarStandsForTheJarsOfItsDirectoryAsInJavaCp() throws IOException {
    Path lib = Files.createDirectories(dir.resolve("lib"));
    jarOf(lib.resolve("targets.JAR"), PlainTarget.class);
    Files.writeString(lib.resolve("notes.txt"), "not a jar");
    Files.createDirectories(lib.resolve("sub"));
    Path crash = write("crash-1", "!x");

    Execution run =
        InProcessWhittle.execute(
            "minimize",
            "--cp",
            lib + File.separator + "*",
            "--target",
            PLAIN_TARGET,
            crash.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(
        List.of(lib.resolve("targets.JAR")), TargetClassPath.parse(lib + File.separator + "*"));

    Path empty = Files.createDirectories(dir.resolve("empty"));
    Execution none =
        InProcessWhittle.execute(
            "minimize",
            "--cp",
            empty + File.separator + "*",
            "--target",
            PLAIN_TARGET,
            crash.toString());
    assertEquals(2, none.exitCode(), none::toString);
    assertTrue(none.err().contains(empty + " holds no .jar files"), none::toString);
  }

  @Test
  void aClassPathFileThatIsNoJarIsNamedAsAWarningBesideGoodEntriesAndInTheLoadError()
      throws IOException {
    Path corrupt = write("corrupt.jar", "not a zip");
    Path crash = write("crash-1", "xBUGx");

    // A class that only the corrupt jar could hold: this JVM's own class path has the test targets.
    Execution alone =
        InProcessWhittle.execute(
            "minimize", "--cp", corrupt.toString(), "--target", "surv.Plain", crash.toString());
    assertEquals(ExitCodes.TARGET_NOT_LOADABLE, alone.exitCode(), alone::toString);
    assertTrue(alone.out().contains("ClassNotFoundException"), alone::toString);
    assertTrue(
        alone.out().contains("class path entry " + corrupt + " is not a readable jar"),
        "the load error names it: " + alone);

    Execution beside =
        InProcessWhittle.execute(
            "minimize",
            "--cp",
            corrupt + File.pathSeparator + classes(),
            "--target",
            BUG_TARGET,
            crash.toString());
    assertEquals(0, beside.exitCode(), beside::toString);
    assertTrue(
        beside.err().contains("warning: --cp entry " + corrupt + " is not a readable jar"),
        beside::toString);
  }

  @Test
  void jazzersOptionNamesGetWhittlesSpelling() throws IOException {
    Path crash = write("crash-1", "xBUGx");

    Execution targetClass =
        InProcessWhittle.execute(
            "minimize", "--cp", classes(), "--target_class=" + BUG_TARGET, crash.toString());
    assertEquals(2, targetClass.exitCode(), targetClass::toString);
    assertTrue(
        targetClass
            .err()
            .startsWith(
                "whittle: unknown option --target_class="
                    + BUG_TARGET
                    + "; Whittle spells it --target"),
        targetClass::toString);

    Execution oneDash =
        InProcessWhittle.execute(
            "corpus",
            "-cp",
            classes(),
            "--target",
            BUG_TARGET,
            "-target_args=a b",
            "--output",
            "out",
            crash.toString());
    assertEquals(2, oneDash.exitCode(), oneDash::toString);
    assertTrue(
        oneDash.err().startsWith("whittle: unknown option -cp; Whittle spells it --cp"),
        oneDash::toString);
  }

  @Test
  void aClassFilesPathIsTakenAsItsClassAndASimpleNameGetsTheQualifiedOnes() throws IOException {
    Path crash = write("crash-1", "xBUGx");
    String asFile = BUG_TARGET.replace('.', '/') + ".class";

    Execution path =
        InProcessWhittle.execute(
            "minimize", "--cp", classes(), "--target", asFile, crash.toString());
    assertEquals(0, path.exitCode(), path::toString);
    assertTrue(path.err().contains("taken as the class " + BUG_TARGET), path::toString);

    Execution simple =
        InProcessWhittle.execute(
            "minimize", "--cp", classes(), "--target", "BugTarget", crash.toString());
    assertEquals(ExitCodes.TARGET_NOT_LOADABLE, simple.exitCode(), simple::toString);
    assertTrue(
        simple.err().contains("the class path has " + BUG_TARGET + ": give the target's fully"),
        simple::toString);
  }

  @Test
  void aDirectoryOfOtherFindingsOrBadLinksSaysWhatItHolds() throws IOException {
    Path others = Files.createDirectories(dir.resolve("others"));
    Files.writeString(others.resolve("timeout-1"), "x");
    Files.writeString(others.resolve("oom-2"), "x");
    Files.writeString(others.resolve("slow-unit-3"), "x");
    Path links = Files.createDirectories(dir.resolve("links"));
    Path broken = Files.createSymbolicLink(links.resolve("crash-broken"), Path.of("nowhere"));
    Path loop = Files.createSymbolicLink(links.resolve("crash-loop"), Path.of("crash-loop"));

    Execution otherRun = minimizeBug(others.toString());
    assertEquals(ExitCodes.INPUT_UNREADABLE, otherRun.exitCode(), otherRun::toString);
    assertTrue(
        otherRun
            .err()
            .contains(
                "only the inputs of Jazzer's other findings (oom-2, slow-unit-3," + " timeout-1)"),
        otherRun::toString);
    assertTrue(otherRun.err().contains("name such a file to minimize it"), otherRun::toString);

    Execution linkRun = minimizeBug(links.toString());
    assertEquals(ExitCodes.INPUT_UNREADABLE, linkRun.exitCode(), linkRun::toString);
    assertTrue(
        linkRun
            .err()
            .contains(
                "crash-broken is a broken symbolic link (to nowhere), crash-loop is a symbolic"
                    + " link loop"),
        linkRun::toString);

    Execution loopRun = minimizeBug(loop.toString());
    assertTrue(
        loopRun.err().contains("crash file " + loop + " is a symbolic link loop"),
        loopRun::toString);
    Execution brokenRun = minimizeBug(broken.toString());
    assertTrue(
        brokenRun.err().contains("crash file " + broken + " is a broken symbolic link"),
        brokenRun::toString);
  }

  @Test
  void anUninterestingOriginalShowsTheEndOfTheTestCommandsStandardError() throws IOException {
    Path input = write("in.txt", "hello");

    Execution run =
        InProcessWhittle.execute(
            "reduce", input.toString(), "--", "sh", "-c", "echo 'bad option -Q' >&2; exit 2", "sh");
    assertEquals(ExitCodes.ORIGINAL_NOT_INTERESTING, run.exitCode(), run::toString);
    assertTrue(run.err().contains("exited with status 2"), run::toString);
    assertTrue(run.err().contains("  | bad option -Q"), run::toString);

    Execution long_ =
        InProcessWhittle.execute(
            "reduce",
            input.toString(),
            "--",
            "sh",
            "-c",
            "i=1; while [ $i -le 100 ]; do echo \"line $i\" >&2; i=$((i+1)); done; exit 1",
            "sh");
    assertTrue(long_.err().contains("the last 20 lines"), long_::toString);
    assertTrue(long_.err().contains("  | line 81" + System.lineSeparator()), long_::toString);
    assertTrue(long_.err().contains("  | line 100"), long_::toString);
    assertFalse(long_.err().contains("  | line 80" + System.lineSeparator()), long_::toString);
  }

  @Test
  void aControlCharacterInACrashFilesNameIsEscapedInTheSummary() throws IOException {
    Path crashes = Files.createDirectories(dir.resolve("crashes"));
    Files.writeString(crashes.resolve("crash-a\nb"), "xBUGx");
    Files.writeString(crashes.resolve("crash-c\td"), "nothing");

    Execution run = minimizeBug(crashes.toString());

    assertTrue(run.out().contains("crash-a\\nb: 5 -> 3 bytes"), run::toString);
    assertTrue(run.out().contains("crash-c\\td"), run::toString);
    assertTrue(
        run.err().contains("minimizing " + crashes + File.separator + "crash-a\\nb"),
        run::toString);
    for (String line : run.out().split(System.lineSeparator())) {
      assertFalse(
          line.equals("b") || line.startsWith("b:") || line.startsWith("b "), run::toString);
      assertFalse(line.contains("\t"), "no raw tab: " + run);
    }
  }

  @Test
  void aControlCharacterInACorpusFilesNameIsEscapedInTheCorpusSummary() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("ok"), "ok");
    Files.writeString(corpus.resolve("bug\nx"), "xBUGx");

    Execution run =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            classes(),
            "--target",
            BUG_TARGET,
            "--output",
            dir.resolve("out").toString(),
            corpus.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.out().contains("bug\\nx: "), run::toString);
    assertFalse(run.out().contains("bug\nx"), run::toString);
  }

  private Execution minimizeBug(String crash) {
    return InProcessWhittle.execute("minimize", "--cp", classes(), "--target", BUG_TARGET, crash);
  }

  private static void jarOf(Path jar, Class<?>... types) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (Class<?> type : types) {
        String resource = type.getName().replace('.', '/') + ".class";
        out.putNextEntry(new JarEntry(resource));
        try (var in = type.getClassLoader().getResourceAsStream(resource)) {
          in.transferTo((OutputStream) out);
        }
        out.closeEntry();
      }
    }
  }

  private record Subprocess(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- out:\n" + out + "--- err:\n" + err;
    }
  }

  /** {@code whittle args...} in a JVM of its own, as the README's jar runs it. */
  private Process start(String... args) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dwhittle.jazzer.agent=off",
                "-XX:-OmitStackTraceInFastThrow",
                "-cp",
                System.getProperty("java.class.path"),
                WhittleCommand.class.getName()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    outputs.add(new Path[] {out, err});
    processes.add(process);
    return process;
  }

  private final List<Process> processes = new ArrayList<>();
  private final List<Path[]> outputs = new ArrayList<>();

  /** Waits for {@code process}, which must end within a deadline well past the 30 s limit. */
  private Subprocess finish(Process process) throws Exception {
    boolean ended = process.waitFor(120, TimeUnit.SECONDS);
    if (!ended) {
      process.destroyForcibly();
    }
    Path[] files = outputs.get(processes.indexOf(process));
    assertTrue(ended, "whittle did not end within 120 s: " + Files.readString(files[1], UTF_8));
    return new Subprocess(
        process.exitValue(), Files.readString(files[0], UTF_8), Files.readString(files[1], UTF_8));
  }
}
