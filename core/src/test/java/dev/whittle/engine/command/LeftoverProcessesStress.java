package dev.whittle.engine.command;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A stress run, not a test: the script of {@code
 * ExternalCommandOracleTest.endsWhatARunLeftBehindInTheBackgroundWhenItExits}, many times, on a
 * machine kept busy by a few loops (one of them starting processes without pause), so that a
 * background process is caught in the middle of {@code execve} now and then. Prints how many of its
 * background processes outlived their run (they are ended then); exits 1 if any did.
 *
 * <pre>
 * mvn -B -ntp -pl core test-compile
 * java -cp core/target/test-classes:core/target/classes:GUAVA_JAR \
 *     dev.whittle.engine.command.LeftoverProcessesStress [ITERATIONS]
 * </pre>
 */
final class LeftoverProcessesStress {
  private static final String SCRIPT =
      "( sleep 300 ) & echo $! >> \"$0\"; setsid sleep 301 & echo $! >> \"$0\"; exit 0";

  private LeftoverProcessesStress() {}

  public static void main(String[] args) throws Exception {
    int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 600;
    List<Process> load = startLoad();
    int left = 0;
    int total = 0;
    try {
      for (int i = 0; i < iterations; i++) {
        List<Long> pids = iteration();
        total += pids.size();
        for (long pid : pids) {
          if (!Processes.endsWithin(pid, Duration.ofSeconds(2))) {
            left++;
            System.out.println("still running: " + pid + " (iteration " + i + ")");
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
          }
        }
      }
    } finally {
      load.forEach(Process::destroyForcibly);
    }
    System.out.printf("background processes left running: %d of %d%n", left, total);
    System.exit(left == 0 ? 0 : 1);
  }

  private static List<Long> iteration() throws IOException {
    Path directory = Files.createTempDirectory("whittle-leftover-stress");
    Path pids = directory.resolve("pids");
    try (ExternalCommandOracle oracle =
        ExternalCommandOracle.create(
            List.of("sh", "-c", SCRIPT, pids.toString()), "candidate", Optional.empty())) {
      oracle.test("x".getBytes(UTF_8));
      oracle.test("x".getBytes(UTF_8));
    }
    List<Long> started = Files.readAllLines(pids).stream().map(Long::parseLong).toList();
    Files.delete(pids);
    Files.delete(directory);
    return started;
  }

  private static List<Process> startLoad() throws IOException {
    List<Process> load = new ArrayList<>();
    load.add(new ProcessBuilder("sh", "-c", "while :; do /bin/true; done").start());
    for (int i = 0; i < 3; i++) {
      load.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
    }
    return load;
  }
}
