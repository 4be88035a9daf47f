package dev.whittle.junit;

import static com.google.common.base.Preconditions.checkArgument;

import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.output.CorpusDirectories;
import dev.whittle.jazzer.output.CorpusPaths;
import dev.whittle.junit.api.WhittleConfiguration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Minimizes one fuzz test method's corpus (its inputs directory as the test class path shows it,
 * and the corpus Jazzer generated in fuzzing mode) with the test method as the target: {@link
 * CorpusMinimizer} over {@link FuzzTarget#testMethod} with JUnit's lifecycle, which runs Whittle's
 * copy of the test class with coverage probes. The result is minimized into a fresh directory and
 * then put in place ({@link CorpusDirectories}); the inputs are never modified, and the generated
 * corpus only when it is to be replaced, when it is kept aside. The test report says what was done.
 */
final class FuzzTestCorpus {
  /** The key of the report entry that sums the minimization up. */
  static final String REPORT_KEY = "whittle.corpus";

  /** The configuration parameter Jazzer reads its base directory from. */
  private static final String JAZZER_BASEDIR = "jazzer.internal.basedir";

  private final ExtensionContext context;
  private final Class<?> testClass;
  private final Method method;

  /**
   * @param context the test method's own context (the parent of its invocations')
   */
  FuzzTestCorpus(ExtensionContext context) {
    this.context = context;
    this.testClass = context.getRequiredTestClass();
    this.method = context.getRequiredTestMethod();
  }

  /**
   * Minimizes the corpus and reports the result.
   *
   * @throws IOException if a corpus file cannot be read or the result cannot be written
   * @throws IllegalArgumentException naming the configuration key whose value is malformed
   */
  void minimize() throws IOException {
    CorpusSettings settings = CorpusSettings.of(context);
    ExtensionConfiguration config = ExtensionConfiguration.of(context);
    Optional<Path> inputs =
        new InputLocations(testClass, method)
            .classPathInputsDirectory()
            .map(directory -> directory.resolve(method.getName()));
    Path generated = generatedCorpus();
    List<Path> corpus = new ArrayList<>();
    inputs.filter(FuzzTestCorpus::holdsFiles).ifPresent(corpus::add);
    if (holdsFiles(generated)) {
      corpus.add(generated);
    }
    if (corpus.isEmpty()) {
      context.publishReportEntry(
          REPORT_KEY,
          "nothing to minimize: no files in "
              + inputs.map(Path::toString).orElse("the inputs directory")
              + " nor in "
              + generated);
      return;
    }
    boolean replace = settings.replace() && corpus.contains(generated);
    Path place =
        replace
            ? generated
            : settings
                .output()
                .orElseGet(() -> Destinations.buildDirectoryOf(testClass).resolve("whittle-corpus"))
                .resolve(testClass.getName())
                .resolve(method.getName());
    if (!replace) {
      checkApart(place, corpus);
      CorpusDirectories.checkReplaceable(place); // Before the work, not after it.
    }
    Path fresh = CorpusDirectories.unusedSibling(place, "whittle-new");
    CorpusMinimizer minimizer =
        CorpusMinimizer.of(FuzzTarget.testMethod(testClass, method, new JUnitLifecycle(context)))
            .withRunTimeout(config.runTimeout())
            .withAlgorithm(config.algorithm())
            .withHitCounts(settings.hitCounts())
            .withInstrumentation(settings.includes(), settings.excludes());
    // Beside where the corpus ends up, not beside the fresh directory that is renamed there.
    CorpusMinimizationResult result =
        minimizer.withCrashersDirectory(minimizer.crashersDirectory(place)).minimize(corpus, fresh);
    Path aside = replace ? CorpusDirectories.unusedSibling(place, "before-whittle-" + now()) : null;
    CorpusDirectories.replace(place, fresh, aside);
    report(result, corpus, place, aside);
  }

  /**
   * Refuses an output that is, holds or lies in a corpus directory read: replacing it would delete
   * input files, which only {@code whittle.corpus.replace} may move, and aside. Symbolic links are
   * resolved: a link to a corpus directory is that directory.
   */
  private static void checkApart(Path place, List<Path> corpus) {
    Path output = CorpusPaths.real(place);
    for (Path directory : corpus) {
      Path input = CorpusPaths.real(directory);
      checkArgument(
          !output.startsWith(input) && !input.startsWith(output),
          "%s: the output %s and the corpus directory %s overlap, and the corpus is never"
              + " modified (set %s=true to replace the generated corpus, keeping the old aside)",
          WhittleConfiguration.CORPUS_OUTPUT,
          output,
          input,
          WhittleConfiguration.CORPUS_REPLACE);
    }
  }

  /** Where Jazzer's fuzzing mode keeps this method's corpus: {@code .cifuzz-corpus/<Class>/<m>}. */
  private Path generatedCorpus() {
    String base =
        context
            .getConfigurationParameter(JAZZER_BASEDIR)
            .orElseGet(() -> System.getProperty(JAZZER_BASEDIR, ""));
    return Path.of(base)
        .toAbsolutePath()
        .resolve(".cifuzz-corpus")
        .resolve(testClass.getName())
        .resolve(method.getName());
  }

  private void report(CorpusMinimizationResult result, List<Path> corpus, Path place, Path aside) {
    String summary =
        String.format(
            Locale.ROOT,
            "%s#%s: %,d files, %,d bytes -> %,d files, %,d bytes; features %,d -> %,d (%,d"
                + " missing, %,d flaky); read %s; written to %s",
            testClass.getName(),
            method.getName(),
            result.filesBefore(),
            result.bytesBefore(),
            result.filesAfter(),
            result.bytesAfter(),
            result.features(),
            result.featuresAfter(),
            result.missingFeatures(),
            result.flakyFeatures(),
            corpus,
            place);
    if (aside != null) {
      summary += "; the generated corpus was kept aside in " + aside;
    }
    if (!result.crashers().isEmpty()) {
      summary += "; " + result.crashers().size() + " crashing inputs left out";
      if (result.crashOnlyFeatures() > 0) {
        summary +=
            " ("
                + result.crashOnlyFeatures()
                + " features only they show; "
                + result.crasherFiles().size()
                + " of them copied to "
                + result.crashersDirectory().map(Path::toString).orElse("nowhere")
                + ")";
      }
    }
    if (result.interrupted()) {
      summary += "; interrupted: the output is complete but not minimal";
    }
    context.publishReportEntry(
        Map.of(
            REPORT_KEY,
            summary,
            REPORT_KEY + ".files",
            result.filesBefore() + " -> " + result.filesAfter(),
            REPORT_KEY + ".bytes",
            result.bytesBefore() + " -> " + result.bytesAfter(),
            REPORT_KEY + ".features",
            result.features() + " -> " + result.featuresAfter(),
            REPORT_KEY + ".output",
            place.toString()));
    // Surefire shows no report entries: one line on standard error says where the result is.
    System.err.println("Whittle corpus minimization: " + summary);
  }

  private static String now() {
    return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
  }

  private static boolean holdsFiles(Path directory) {
    if (!Files.isDirectory(directory)) {
      return false;
    }
    try {
      return !CorpusPaths.regularFiles(directory).isEmpty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
