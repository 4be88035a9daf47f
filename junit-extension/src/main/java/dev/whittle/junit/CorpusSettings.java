package dev.whittle.junit;

import static com.google.common.base.Preconditions.checkArgument;

import dev.whittle.junit.api.WhittleConfiguration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The {@code whittle.corpus*} configuration parameters, parsed.
 *
 * @param output the directory each method's result goes under, if set
 * @param replace whether the result replaces the generated corpus
 * @param hitCounts whether features are edges with their hit-count buckets
 * @param includes globs of the classes whose edges count; empty for every class
 * @param excludes globs of the classes whose edges do not count
 */
record CorpusSettings(
    Optional<Path> output,
    boolean replace,
    boolean hitCounts,
    List<String> includes,
    List<String> excludes) {
  /** The value of {@link WhittleConfiguration#CORPUS} that turns corpus minimization on. */
  static final String MINIMIZE = "minimize";

  /**
   * Whether {@link WhittleConfiguration#CORPUS} asks for minimization.
   *
   * @throws IllegalArgumentException naming the key if its value is neither {@code minimize} nor
   *     {@code off}
   */
  static boolean minimize(ExtensionContext context) {
    Optional<String> value =
        context
            .getConfigurationParameter(WhittleConfiguration.CORPUS)
            .map(v -> v.trim().toLowerCase(Locale.ROOT));
    if (value.isEmpty() || value.get().equals("off") || value.get().isEmpty()) {
      return false;
    }
    checkArgument(
        value.get().equals(CorpusSettings.MINIMIZE),
        "%s must be %s or off, was '%s'",
        WhittleConfiguration.CORPUS,
        CorpusSettings.MINIMIZE,
        value.get());
    return true;
  }

  /**
   * Reads the parameters visible from {@code context}.
   *
   * @throws IllegalArgumentException naming the key whose value is malformed
   */
  static CorpusSettings of(ExtensionContext context) {
    List<String> excludes = new ArrayList<>(globs(WhittleConfiguration.DEFAULT_CORPUS_EXCLUDES));
    excludes.addAll(
        globs(context.getConfigurationParameter(WhittleConfiguration.CORPUS_EXCLUDES).orElse("")));
    return new CorpusSettings(
        context
            .getConfigurationParameter(WhittleConfiguration.CORPUS_OUTPUT)
            .map(String::trim)
            .filter(v -> !v.isEmpty())
            .map(Path::of),
        ExtensionConfiguration.bool(
            key -> context.getConfigurationParameter(key).map(String::trim),
            WhittleConfiguration.CORPUS_REPLACE,
            false),
        ExtensionConfiguration.bool(
            key -> context.getConfigurationParameter(key).map(String::trim),
            WhittleConfiguration.CORPUS_HIT_COUNTS,
            false),
        globs(context.getConfigurationParameter(WhittleConfiguration.CORPUS_INCLUDES).orElse("")),
        List.copyOf(excludes));
  }

  private static List<String> globs(String commaSeparated) {
    return Arrays.stream(commaSeparated.split(","))
        .map(String::trim)
        .filter(glob -> !glob.isEmpty())
        .toList();
  }
}
