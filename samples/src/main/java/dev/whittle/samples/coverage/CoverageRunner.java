package dev.whittle.samples.coverage;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Runs every file of a corpus through a fuzz target once, in this JVM, swallowing findings: the
 * replay that {@code samples/scripts/jacoco-coverage.sh} runs under the JaCoCo agent to measure
 * what a corpus covers, and that the corpus benchmark runs without an agent to count uninstrumented
 * executions per second.
 *
 * <pre>
 * java [-javaagent:jacocoagent.jar=...] -cp CP dev.whittle.samples.corpus.CoverageRunner
 *     [--timeout-ms N] [--skip N] [--progress FILE] [--repeat K] TARGET_CLASS CORPUS_DIR|FILE...
 * </pre>
 *
 * <p>Files are taken in a fixed order (each directory's regular files, recursively, sorted by path;
 * arguments in the order given). The target MUST declare {@code public static void
 * fuzzerTestOneInput(byte[])} or {@code (FuzzedDataProvider)}; the latter needs Jazzer's jar on the
 * class path, as Jazzer's provider is native. An optional {@code fuzzerInitialize()} runs first.
 *
 * <p>Hostile inputs: any {@link Throwable} an input throws (the fuzzer's findings, including {@link
 * StackOverflowError} and {@link OutOfMemoryError}) is counted and the next input runs. Each input
 * runs on a worker thread; one that runs longer than {@code --timeout-ms} (default 10,000) is
 * abandoned as a hang and the next input runs on a fresh thread. An input that calls {@code
 * System.exit} ends this JVM: a shutdown hook then writes {@code exit INDEX} to the progress file,
 * so that the caller can start a new JVM with {@code --skip INDEX+1} (JaCoCo appends to its
 * execution data file); a complete run writes {@code done COUNT}. The summary line on standard
 * error starts with {@code coverage-runner:}; the target's own output to standard output and error
 * is discarded, since libraries print.
 */
public final class CoverageRunner {
  static final String ENTRY = "fuzzerTestOneInput";

  private CoverageRunner() {}

  public static void main(String[] args) throws Exception {
    Options options = Options.parse(args);
    List<Path> files = corpusFiles(options.corpus);
    Method entry = entryPoint(Class.forName(options.target));
    PrintStream err = System.err;
    AtomicInteger current = new AtomicInteger(-1);
    Thread hook =
        new Thread(
            () -> {
              int index = current.get();
              writeProgress(options.progress, "exit " + index);
              err.println(
                  "coverage-runner: the JVM is exiting during input "
                      + index
                      + (index >= 0 && index < files.size() ? " (" + files.get(index) + ")" : ""));
            });
    Runtime.getRuntime().addShutdownHook(hook);
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    System.setErr(new PrintStream(OutputStream.nullOutputStream()));
    Tally tally = new Tally();
    ExecutorService worker = newWorker();
    try {
      initialize(entry.getDeclaringClass());
      for (int pass = 0; pass < options.repeat; pass++) {
        tally = new Tally();
        long start = System.nanoTime();
        for (int i = options.skip; i < files.size(); i++) {
          current.set(i);
          byte[] data = Files.readAllBytes(files.get(i));
          Future<?> run = worker.submit(() -> invoke(entry, data));
          try {
            Throwable finding = (Throwable) run.get(options.timeoutMillis, TimeUnit.MILLISECONDS);
            tally.executed++;
            if (finding != null) {
              tally.findings++;
            }
          } catch (TimeoutException e) {
            tally.hangs++;
            run.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
          }
        }
        tally.nanos = System.nanoTime() - start;
      }
    } finally {
      worker.shutdownNow();
    }
    current.set(files.size());
    Runtime.getRuntime().removeShutdownHook(hook);
    writeProgress(options.progress, "done " + files.size());
    err.printf(
        Locale.ROOT,
        "coverage-runner: files=%d executed=%d findings=%d hangs=%d seconds=%.3f execs_per_second=%.1f%n",
        files.size(),
        tally.executed,
        tally.findings,
        tally.hangs,
        tally.nanos / 1e9,
        tally.executed / Math.max(tally.nanos / 1e9, 1e-9));
    // A hung worker may still be spinning: end now rather than wait for it (JaCoCo's agent dumps
    // its
    // data in its own shutdown hook).
    System.exit(0);
  }

  /** Every regular file under each argument, each directory's sorted by path. */
  static List<Path> corpusFiles(List<Path> arguments) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path argument : arguments) {
      if (Files.isDirectory(argument)) {
        try (Stream<Path> walk = Files.walk(argument)) {
          walk.filter(Files::isRegularFile).sorted().forEach(files::add);
        }
      } else if (Files.isRegularFile(argument)) {
        files.add(argument);
      } else {
        throw new IllegalArgumentException("no such corpus file or directory: " + argument);
      }
    }
    return files;
  }

  public static Method entryPoint(Class<?> target) {
    for (Method method : target.getMethods()) {
      if (method.getName().equals(ENTRY)
          && Modifier.isStatic(method.getModifiers())
          && method.getParameterCount() == 1) {
        return method;
      }
    }
    throw new IllegalArgumentException(
        target.getName() + " has no public static " + ENTRY + "(byte[] | FuzzedDataProvider)");
  }

  /** Runs the entry point on {@code data}; returns what it threw, or null. */
  public static Throwable invoke(Method entry, byte[] data) {
    try {
      if (entry.getParameterTypes()[0] == byte[].class) {
        entry.invoke(null, (Object) data);
      } else {
        invokeWithProvider(entry, data);
      }
      return null;
    } catch (InvocationTargetException e) {
      return e.getCause();
    } catch (ReflectiveOperationException | RuntimeException | Error e) {
      return e;
    }
  }

  private static void invokeWithProvider(Method entry, byte[] data)
      throws ReflectiveOperationException {
    Class<?> impl = Class.forName("com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl");
    Object provider = impl.getMethod("withJavaData", byte[].class).invoke(null, (Object) data);
    try {
      entry.invoke(null, provider);
    } finally {
      impl.getMethod("close").invoke(provider);
    }
  }

  private static void initialize(Class<?> target) throws ReflectiveOperationException {
    try {
      target.getMethod("fuzzerInitialize").invoke(null);
    } catch (NoSuchMethodException e) {
      // Optional.
    }
  }

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(
        task -> {
          // Daemon: a hung input must not keep the JVM alive.
          Thread thread = new Thread(task, "coverage-runner-input");
          thread.setDaemon(true);
          return thread;
        });
  }

  private static void writeProgress(Path progress, String line) {
    if (progress == null) {
      return;
    }
    try {
      Files.writeString(progress, line + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write the progress file " + progress, e);
    }
  }

  private static final class Tally {
    int executed;
    int findings;
    int hangs;
    long nanos;
  }

  private static final class Options {
    long timeoutMillis = 10_000;
    int skip;
    int repeat = 1;
    Path progress;
    String target;
    final List<Path> corpus = new ArrayList<>();

    static Options parse(String[] args) {
      Options options = new Options();
      int i = 0;
      try {
        for (; i < args.length && args[i].startsWith("--"); i++) {
          switch (args[i]) {
            case "--timeout-ms" -> options.timeoutMillis = Long.parseLong(args[++i]);
            case "--skip" -> options.skip = Integer.parseInt(args[++i]);
            case "--repeat" -> options.repeat = Integer.parseInt(args[++i]);
            case "--progress" -> options.progress = Path.of(args[++i]);
            default -> throw new IllegalArgumentException("unknown option " + args[i]);
          }
        }
      } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
        throw new IllegalArgumentException("bad value for " + args[i - 1] + ": " + e.getMessage());
      }
      if (args.length - i < 2) {
        throw new IllegalArgumentException(
            "usage: CoverageRunner [--timeout-ms N] [--skip N] [--progress FILE] [--repeat K]"
                + " TARGET_CLASS CORPUS_DIR|FILE...");
      }
      if (options.timeoutMillis <= 0 || options.skip < 0 || options.repeat < 1) {
        throw new IllegalArgumentException(
            "--timeout-ms and --repeat must be positive, --skip >= 0");
      }
      options.target = args[i++];
      for (; i < args.length; i++) {
        options.corpus.add(Path.of(args[i]));
      }
      return options;
    }
  }
}
