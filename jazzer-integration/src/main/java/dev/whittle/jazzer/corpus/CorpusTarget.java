package dev.whittle.jazzer.corpus;

import dev.whittle.api.ValueReducer;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.coverage.CoverageFilter;
import dev.whittle.jazzer.coverage.EdgeNames;
import dev.whittle.jazzer.engine.ValueReducerChoice;
import dev.whittle.jazzer.runtime.JazzerAgent;
import dev.whittle.jazzer.target.TargetSession;
import dev.whittle.jazzer.target.TargetSpec;
import dev.whittle.jazzer.values.ValueReducers;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One loaded copy of the fuzz target with coverage probes on the classes the minimizer names, in a
 * class loader of its own. The one class of the corpus engine that knows how targets are described,
 * loaded and run ({@code jazzer.target}, {@code jazzer.runtime}) and which value reducers fit them,
 * so that a change there is made here alone. Not thread-safe: {@link CoverageSessions} lends each
 * copy to one thread at a time.
 */
final class CorpusTarget implements AutoCloseable {
  private final TargetSession session;
  private final EdgeNames names;
  private final boolean hitCounts;

  private CorpusTarget(TargetSession session, EdgeNames names, boolean hitCounts) {
    this.session = session;
    this.names = names;
    this.hitCounts = hitCounts;
  }

  /**
   * What loads a fresh copy of {@code minimizer}'s target each time it is asked, every copy
   * counting features into {@code names}. Installs Jazzer's agent first when it is asked for in
   * every run: its bug detectors slow every run down, and coverage needs no agent.
   */
  static Supplier<CorpusTarget> loader(CorpusMinimizer minimizer, EdgeNames names) {
    if (JazzerAgent.mode() == JazzerAgent.Mode.ALWAYS) {
      JazzerAgent.ensureInstalled();
    }
    TargetSpec spec = specOf(minimizer);
    Duration callTimeout = minimizer.callTimeout();
    boolean hitCounts = minimizer.hitCounts();
    return () -> new CorpusTarget(TargetSession.open(spec, callTimeout, false), names, hitCounts);
  }

  /** The target with coverage probes on the classes {@code minimizer} names. */
  private static TargetSpec specOf(CorpusMinimizer minimizer) {
    return new TargetSpec(
            minimizer.targetClass(),
            urlsOf(minimizer.classPath()),
            CorpusTarget.class.getClassLoader(),
            null,
            minimizer.targetArgs(),
            minimizer.exitGuard())
        .withCoverage(new CoverageFilter(minimizer.includes(), minimizer.excludes()));
  }

  private static List<URL> urlsOf(List<Path> classPath) {
    List<URL> urls = new ArrayList<>(classPath.size());
    for (Path entry : classPath) {
      try {
        urls.add(entry.toAbsolutePath().toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("class path entry is no valid URL: " + entry, e);
      }
    }
    return urls;
  }

  /** Runs the target once on {@code input}: its finding (null for none), features and run time. */
  CoverageRun run(byte[] input) {
    long start = System.nanoTime();
    TargetSession.CoveredRun run = session.runWithCoverage(input, names, hitCounts);
    return new CoverageRun(run.finding(), run.features(), System.nanoTime() - start);
  }

  /**
   * The value reducers for shrinking a corpus file of this target: recorded provider calls for a
   * {@code FuzzedDataProvider} target (recorded on whichever copy of {@code sessions} is idle), the
   * byte passes for a {@code byte[]} one. This copy is only asked its shape, never run.
   */
  List<ValueReducer<byte[]>> valueReducers(CoverageSessions sessions) {
    if (session.takesDataProvider()) {
      return List.of(
          ValueReducers.forFuzzedDataProvider(
              input -> sessions.withTarget(copy -> copy.session.recordCalls(input))));
    }
    return ValueReducerChoice.forCorpusSession(session);
  }

  /** Runs of this copy so far. */
  long runs() {
    return session.runs();
  }

  @Override
  public void close() {
    session.close();
  }
}
