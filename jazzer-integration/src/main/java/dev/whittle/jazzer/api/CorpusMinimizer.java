package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import com.google.common.base.Supplier;
import com.google.common.collect.ImmutableList;
import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.spi.Engines;
import dev.whittle.jazzer.api.spi.CorpusMinimizerEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Minimizes a fuzzing corpus in process while keeping its coverage, measured by Whittle's own
 * instrumentation: the target's classes get edge probes with hit counters as Whittle's loader
 * defines them (no Jazzer agent needed), a feature is an edge with its hit-count bucket as
 * libFuzzer defines them, and an edge is (class name, probe index in the class), so coverage is
 * comparable across runs, jobs and processes.
 *
 * <pre>{@code
 * CorpusMinimizationResult result =
 *     CorpusMinimizer.forTarget("com.example.ParserFuzzer", List.of(Path.of("target/classes")))
 *         .minimize(List.of(Path.of("corpus")), Path.of("corpus-min"));
 * }</pre>
 *
 * <p>Every input is run once (the first pass also warms the target up), and again those that a
 * selection over that run keeps and those that showed a feature no second run confirmed; only
 * features an input shows in both of its runs are stable; the others are flaky, and each flaky
 * feature keeps the smallest input that showed it, written as it is (neither shrunk nor dropped by
 * a selection; a shrunk candidate could not show it again to prove it kept it). Inputs that crash,
 * exit or time out are listed and not written to the output, which must replay without a failure;
 * those whose crashing runs showed a feature no other input showed (the smallest for each such
 * feature) are copied, named {@code crash-<SHA-1>}, to a directory of their own ({@link
 * #withCrashersDirectory}), so that no coverage of the input corpus is lost. A subset keeping the
 * union of features is chosen (the better of greedy set cover and afl-cmin's order, without
 * redundant inputs) and written to the output directory, named by the SHA-1 of its content as
 * Jazzer names corpus files; then each kept input is shrunk by Whittle's engine (unless {@link
 * #withShrinking} is off) as long as it keeps the features no other kept input has ({@link
 * #withKeepAllFeatures}: all of its features), and the selection runs again over the shrunk inputs
 * (a file no larger than a finished search left one, whose last byte cannot go, is left as it is).
 * Finally every shrunk output file is run twice more (an input kept as it is counts its two runs
 * before) and the union of their features is checked against the input corpus's, stable and flaky;
 * what went missing brings back the smallest original input that showed it. The output is complete
 * and keeps the coverage after every step, so an interrupted minimization leaves a usable corpus.
 * The input corpus is never modified. An input whose run throws a linkage error stops the
 * minimization before anything is written ({@link BrokenClassPathException}): a corpus that
 * "crashes" on a broken class path is not thrown away.
 *
 * <p>Immutable; each {@code with*} method returns a copy.
 */
@API(status = STABLE, since = "0.1")
public final class CorpusMinimizer {
  private static final Supplier<CorpusMinimizerEngine> ENGINE =
      Engines.lazily(CorpusMinimizerEngine.class, "whittle-jazzer-integration");

  /** Default for {@link #withMaxRunsPerInput}. */
  public static final long DEFAULT_MAX_RUNS_PER_INPUT = 2_000;

  /**
   * Default for {@link #withMaxTimePerInput}: what a file's shrinking takes at most. On a target
   * with fast runs the run limit ends a search long before; it cuts off the files whose every
   * candidate is slow (a declared image count the parser loops over), which would otherwise cost
   * much time each for a few bytes.
   */
  public static final Duration DEFAULT_MAX_TIME_PER_INPUT = Duration.ofSeconds(1);

  private final TargetOptions options;
  private final boolean shrinking;
  private final boolean hitCounts;
  private final boolean keepAllFeatures;
  private final boolean valueReduction;
  private final Algorithm algorithm;
  private final long maxRunsPerInput;
  private final Duration maxTimePerInput;
  private final ImmutableList<String> includes;
  private final ImmutableList<String> excludes;
  private final Consumer<String> log;
  private final Path crashersDirectory;

  private CorpusMinimizer(Builder b) {
    this.options = b.options;
    this.shrinking = b.shrinking;
    this.hitCounts = b.hitCounts;
    this.keepAllFeatures = b.keepAllFeatures;
    this.valueReduction = b.valueReduction;
    this.algorithm = b.algorithm;
    this.maxRunsPerInput = b.maxRunsPerInput;
    this.maxTimePerInput = b.maxTimePerInput;
    this.includes = b.includes;
    this.excludes = b.excludes;
    this.log = b.log;
    this.crashersDirectory = b.crashersDirectory;
  }

  /** A corpus minimizer for the fuzz target {@code targetClass} on {@code classPath}. */
  public static CorpusMinimizer forTarget(String targetClass, List<Path> classPath) {
    Builder b = new Builder();
    b.options = TargetOptions.of(FuzzTarget.onClassPath(targetClass, classPath));
    return new CorpusMinimizer(b);
  }

  /**
   * A corpus minimizer for {@code target}: a class on a class path ({@link #forTarget}), or a fuzz
   * test method with its framework's lifecycle ({@link FuzzTarget#testMethod}), which runs in
   * Whittle's copy of its test class with coverage probes on the copy's classes. A class someone
   * else loaded cannot get probes: minimizing with it throws a {@link FuzzTargetLoadException}.
   */
  public static CorpusMinimizer of(FuzzTarget target) {
    checkNotNull(target, "target");
    Builder b = new Builder();
    b.options = TargetOptions.of(target);
    return new CorpusMinimizer(b);
  }

  /** How long one run may take; a longer one is a timeout, and the input is listed, not kept. */
  public CorpusMinimizer withRunTimeout(Duration timeout) {
    return copy(b -> b.options = b.options.withRunTimeout(timeout));
  }

  /**
   * How many targets, each in a class loader of its own, run inputs at once, at most what the
   * target allows ({@link FuzzTarget#maxJobs()}). Default 1.
   */
  public CorpusMinimizer withJobs(int newJobs) {
    return copy(b -> b.options = b.options.withJobs(newJobs));
  }

  /**
   * Where the crashing inputs that alone showed some coverage are copied: by default {@code
   * <output>.crashers} beside the output directory. It is created only if there is such an input,
   * MUST NOT lie in an input directory, and may hold files already (none is replaced).
   */
  public CorpusMinimizer withCrashersDirectory(Path directory) {
    checkNotNull(directory, "directory");
    return copy(b -> b.crashersDirectory = directory);
  }

  /** Whether kept inputs are shrunk (default) or only selected. */
  public CorpusMinimizer withShrinking(boolean shrink) {
    return copy(b -> b.shrinking = shrink);
  }

  /**
   * Whether a feature is an edge with the bucket of its hit count, as libFuzzer counts features, or
   * a plain edge (the default). Plain edges keep the coverage that lines, branches and instructions
   * measure; hit-count buckets also keep inputs that only run a loop more often, which a fuzzer
   * values and a minimized corpus pays for in files and bytes.
   */
  public CorpusMinimizer withHitCounts(boolean counts) {
    return copy(b -> b.hitCounts = counts);
  }

  /**
   * Whether a shrunk input MUST keep all of its features rather than only those no other kept input
   * has (the default).
   */
  public CorpusMinimizer withKeepAllFeatures(boolean all) {
    return copy(b -> b.keepAllFeatures = all);
  }

  /** Whether the target's exit calls end the run rather than the JVM (default on). */
  public CorpusMinimizer withExitGuard(boolean guard) {
    return copy(b -> b.options = b.options.withExitGuard(guard));
  }

  /** Whether shrinking also uses the passes that fit the target (default on). */
  public CorpusMinimizer withValueReduction(boolean values) {
    return copy(b -> b.valueReduction = values);
  }

  /** The shrinking algorithm, from {@link Algorithms}. */
  public CorpusMinimizer withAlgorithm(Algorithm newAlgorithm) {
    checkNotNull(newAlgorithm, "algorithm");
    return copy(b -> b.algorithm = newAlgorithm);
  }

  /** At most this many runs of the search for each kept input's shrinking. */
  public CorpusMinimizer withMaxRunsPerInput(long runs) {
    checkArgument(runs >= 1, "maxRunsPerInput must be at least 1, was %s", runs);
    return copy(b -> b.maxRunsPerInput = runs);
  }

  /**
   * At most this long for each kept input's shrinking; the input keeps its smallest form found by
   * then (default {@link #DEFAULT_MAX_TIME_PER_INPUT}).
   */
  public CorpusMinimizer withMaxTimePerInput(Duration limit) {
    checkNotNull(limit, "limit");
    checkArgument(
        !limit.isNegative() && !limit.isZero(), "maxTimePerInput must be positive: %s", limit);
    return copy(b -> b.maxTimePerInput = limit);
  }

  /**
   * Which classes get probes: globs over class names ({@code com.example.*}); one of {@code
   * includes} MUST match (none given: every class) and none of {@code excludes} may. Whittle's own
   * classes and the JDK's never get probes.
   */
  public CorpusMinimizer withInstrumentation(List<String> newIncludes, List<String> newExcludes) {
    checkNotNull(newIncludes, "includes");
    checkNotNull(newExcludes, "excludes");
    return copy(
        b -> {
          b.includes = ImmutableList.copyOf(newIncludes);
          b.excludes = ImmutableList.copyOf(newExcludes);
        });
  }

  /** Arguments for {@code fuzzerInitialize(String[])}; none by default. */
  public CorpusMinimizer withTargetArgs(List<String> args) {
    return copy(b -> b.options = b.options.withTargetArgs(args));
  }

  /** Where progress lines go (such as standard error); nowhere by default. */
  public CorpusMinimizer withLog(Consumer<String> newLog) {
    checkNotNull(newLog, "log");
    return copy(b -> b.log = newLog);
  }

  /**
   * Minimizes the corpus in {@code inputs} (files, and directories standing for every regular file
   * under them) into {@code outputDirectory}, which MUST be empty or absent and MUST NOT lie inside
   * an input directory. Interrupting the calling thread ends the minimization early with a complete
   * output; {@link CorpusMinimizationResult#interrupted()} says so.
   *
   * @throws IOException if an input cannot be read, or a {@link CorpusOutputException} if the
   *     output directory cannot be created or written (checked before any run of the target)
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized
   * @throws BrokenClassPathException if a run of an input threw a linkage error: nothing is written
   *     then, and an output directory this call created is removed again
   * @throws IllegalArgumentException if there are no inputs or the output directory is unusable
   */
  public CorpusMinimizationResult minimize(List<Path> inputs, Path outputDirectory)
      throws IOException {
    checkNotNull(inputs, "inputs");
    checkNotNull(outputDirectory, "outputDirectory");
    return ENGINE.get().minimize(this, List.copyOf(inputs), outputDirectory);
  }

  /**
   * Merges the new inputs {@code inputs} (files, and directories standing for every regular file
   * under them) into the kept corpus directory {@code kept}, as libFuzzer's {@code -merge=1 KEPT
   * NEW...} does: the kept corpus's files are run (twice) and never removed or changed; then the
   * new inputs, smallest first, each added if it shows a feature that neither the kept corpus (on
   * any of its runs) nor an input added before it shows. An added input is shrunk (unless {@link
   * #withShrinking} is off) while it keeps the new features it brings, stable ones; one whose new
   * features are flaky is added as it is. Each is written atomically, named by the SHA-1 of its
   * content, and never over an existing file. Inputs that crash, exit or time out are listed and
   * not added. Interrupting the calling thread stops it with every added file complete.
   *
   * @throws IOException naming {@code kept} if it is missing or not a directory, or an input that
   *     cannot be read; a {@link CorpusOutputException} if {@code kept} cannot be written
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized
   * @throws BrokenClassPathException if a run threw a linkage error: nothing is added then
   * @throws IllegalArgumentException if {@code kept} lies inside a new input directory
   */
  public CorpusMergeResult mergeInto(Path kept, List<Path> inputs) throws IOException {
    checkNotNull(kept, "kept");
    checkNotNull(inputs, "inputs");
    return ENGINE.get().mergeInto(this, kept, List.copyOf(inputs));
  }

  /**
   * The directory crashers that alone showed some coverage are copied to when minimizing into
   * {@code output}: the one {@link #withCrashersDirectory} set, or {@code <output>.crashers}.
   */
  public Path crashersDirectory(Path output) {
    checkNotNull(output, "output");
    if (crashersDirectory != null) {
      return crashersDirectory;
    }
    Path absolute = output.toAbsolutePath().normalize();
    checkArgument(absolute.getFileName() != null, "the output %s has no name", output);
    return absolute.resolveSibling(absolute.getFileName() + ".crashers");
  }

  /** What runs and how: the target, call timeout, jobs, exit guard, arguments. */
  public TargetOptions options() {
    return options;
  }

  public FuzzTarget target() {
    return options.target();
  }

  public String targetClass() {
    return options.target().className();
  }

  public List<Path> classPath() {
    return options.target().classPath();
  }

  public Duration runTimeout() {
    return options.runTimeout();
  }

  /** How many copies of the target run inputs at once: what was asked, as the target allows. */
  public int jobs() {
    return options.jobsAllowed();
  }

  public boolean shrinking() {
    return shrinking;
  }

  public boolean hitCounts() {
    return hitCounts;
  }

  public boolean keepAllFeatures() {
    return keepAllFeatures;
  }

  public boolean exitGuard() {
    return options.exitGuard();
  }

  public boolean valueReduction() {
    return valueReduction;
  }

  public Algorithm algorithm() {
    return algorithm;
  }

  /** How long each kept input's shrinking may take. */
  public Duration maxTimePerInput() {
    return maxTimePerInput;
  }

  /** The budget of each kept input's shrinking. */
  public Budget budgetPerInput() {
    return Budget.unlimited().withMaxRuns(maxRunsPerInput).withDeadline(maxTimePerInput);
  }

  public List<String> includes() {
    return includes;
  }

  public List<String> excludes() {
    return excludes;
  }

  public List<String> targetArgs() {
    return options.targetArgs();
  }

  public Consumer<String> log() {
    return log;
  }

  private CorpusMinimizer copy(Consumer<Builder> change) {
    Builder b = new Builder();
    b.options = options;
    b.shrinking = shrinking;
    b.hitCounts = hitCounts;
    b.keepAllFeatures = keepAllFeatures;
    b.valueReduction = valueReduction;
    b.algorithm = algorithm;
    b.maxRunsPerInput = maxRunsPerInput;
    b.maxTimePerInput = maxTimePerInput;
    b.includes = includes;
    b.excludes = excludes;
    b.log = log;
    b.crashersDirectory = crashersDirectory;
    change.accept(b);
    return new CorpusMinimizer(b);
  }

  /** Mutable scratch space for {@link #copy}; never escapes. */
  private static final class Builder {
    TargetOptions options;
    boolean shrinking = true;
    boolean hitCounts;
    boolean keepAllFeatures;
    boolean valueReduction = true;
    Algorithm algorithm = Algorithms.defaultAlgorithm();
    long maxRunsPerInput = DEFAULT_MAX_RUNS_PER_INPUT;
    Duration maxTimePerInput = DEFAULT_MAX_TIME_PER_INPUT;
    ImmutableList<String> includes = ImmutableList.of();
    ImmutableList<String> excludes = ImmutableList.of();
    Consumer<String> log = line -> {};
    Path crashersDirectory;
  }
}
