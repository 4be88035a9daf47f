package dev.whittle.junit.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The JUnit configuration parameters the extension reads ({@code junit-platform.properties}, {@code
 * -D} system properties, or a launcher's configuration parameters), all prefixed {@code whittle.}.
 */
@API(status = STABLE, since = "0.1")
public final class WhittleConfiguration {
  private WhittleConfiguration() {}

  /**
   * {@code true} (default) or {@code false}: whether failing fuzz test inputs are shrunk at all.
   */
  public static final String ENABLED = "whittle.enabled";

  /**
   * The reduction algorithm: {@code entropy} (default), {@code entropy-simplify}, {@code
   * entropy-paper}, {@code ddmin}, {@code ddrmin} or {@code one-by-one}.
   */
  public static final String ALGORITHM = "whittle.algorithm";

  /**
   * How long shrinking one failure may take, as {@code 500ms}, {@code 2s}, {@code 1.5m} or ISO-8601
   * ({@code PT2S}); the smallest input so far is reported when it is spent. Default {@value
   * #DEFAULT_TIME_BUDGET}.
   */
  public static final String TIME_BUDGET = "whittle.time-budget";

  /** Default of {@link #TIME_BUDGET}. */
  public static final String DEFAULT_TIME_BUDGET = "10s";

  /**
   * How long one run of the test method may take while shrinking (same format as {@link
   * #TIME_BUDGET}); a longer run counts as a hang. Default {@value #DEFAULT_RUN_TIMEOUT}.
   */
  public static final String RUN_TIMEOUT = "whittle.run-timeout";

  /** Default of {@link #RUN_TIMEOUT}. */
  public static final String DEFAULT_RUN_TIMEOUT = "10s";

  /**
   * The earlier name of {@link #RUN_TIMEOUT}, still read where {@link #RUN_TIMEOUT} is not set;
   * setting both is an error.
   */
  public static final String EARLIER_RUN_TIMEOUT = "whittle.call-timeout";

  /**
   * The test resources directory the failing inputs' sources are in, where {@code
   * <pkg>/<Class>Inputs/<method>/minimized-<sha1>} is written. Default: found from the class path
   * directory the input was read from ({@code target/test-classes} gives {@code
   * src/test/resources}, as does Gradle's {@code build/resources/test}).
   */
  public static final String RESOURCES_ROOT = "whittle.resources-root";

  /**
   * {@code true} (default) or {@code false}: whether the shrunk input goes into the source Inputs
   * directory, so that the next regression run replays it. With {@code false} it goes into {@link
   * #OUTPUT_DIRECTORY} and the Inputs directory is left alone. Originals are never modified.
   */
  public static final String REWRITE_INPUTS = "whittle.rewrite-inputs";

  /**
   * Where shrunk inputs go when {@link #REWRITE_INPUTS} is {@code false} (under the same {@code
   * <pkg>/<Class>Inputs/<method>/} path). Default: {@code whittle-shrunk} in the build directory
   * the inputs were read from (Maven's {@code target}, Gradle's {@code build}).
   */
  public static final String OUTPUT_DIRECTORY = "whittle.output-directory";

  /**
   * {@code minimize} to minimize each fuzz test's corpus after its regression (or fuzzing) run,
   * with the test method as the target and Whittle's own edge coverage as the measure: the files of
   * its inputs directory ({@code <pkg>/<Class>Inputs/<method>/} as the test class path shows it)
   * and of the corpus Jazzer generates in fuzzing mode ({@code .cifuzz-corpus/<Class>/<method>/}).
   * Neither is ever modified unless {@link #CORPUS_REPLACE} asks for the generated one. Default
   * {@code off}.
   */
  public static final String CORPUS = "whittle.corpus";

  /**
   * Where the minimized corpus goes: a directory whose {@code <Class>/<method>/} subdirectory gets
   * each test method's result, replacing an earlier result there. Default {@code whittle-corpus} in
   * the build directory the test classes were loaded from (Maven's {@code target}, Gradle's {@code
   * build}).
   */
  public static final String CORPUS_OUTPUT = "whittle.corpus.output";

  /**
   * {@code true} or {@code false} (default): whether the minimized corpus replaces the corpus
   * Jazzer generated ({@code .cifuzz-corpus/<Class>/<method>/}) instead of going to {@link
   * #CORPUS_OUTPUT}: the new directory takes the old one's place in one rename, and the old one is
   * kept aside beside it as {@code <method>.before-whittle-<time>}.
   */
  public static final String CORPUS_REPLACE = "whittle.corpus.replace";

  /**
   * {@code true} or {@code false} (default): whether a feature is an edge with the bucket of its
   * hit count, as libFuzzer counts features, rather than a plain edge ({@code whittle corpus
   * --hit-counts}).
   */
  public static final String CORPUS_HIT_COUNTS = "whittle.corpus.hit-counts";

  /**
   * Comma-separated globs over class names ({@code com.example.*}) of the classes whose edges count
   * as coverage. Default: every class Whittle's copy of the test class loads, that is the test
   * class and what it calls outside the JDK, Jazzer, JUnit and Whittle, except the assertion and
   * mocking libraries named in {@link #CORPUS_EXCLUDES}.
   */
  public static final String CORPUS_INCLUDES = "whittle.corpus.includes";

  /**
   * Comma-separated globs of classes whose edges do not count, added to the default {@value
   * #DEFAULT_CORPUS_EXCLUDES}.
   */
  public static final String CORPUS_EXCLUDES = "whittle.corpus.excludes";

  /** The classes whose edges never count: assertion and mocking libraries. */
  public static final String DEFAULT_CORPUS_EXCLUDES =
      "org.assertj.*,org.hamcrest.*,com.google.common.truth.*,org.mockito.*,net.bytebuddy.*,"
          + "org.easymock.*";
}
