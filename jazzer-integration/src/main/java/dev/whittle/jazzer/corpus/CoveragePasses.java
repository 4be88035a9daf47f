package dev.whittle.jazzer.corpus;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * Passes of the target over a list of contents, each run once with coverage, on the jobs; each
 * pass's runs count for the stage it names.
 */
final class CoveragePasses {
  private final CorpusTargetPool targets;
  private final CorpusJobs jobs;
  private final CorpusLog log;
  private final StageRuns stages;

  CoveragePasses(CorpusTargetPool targets, CorpusJobs jobs, CorpusLog log, StageRuns stages) {
    this.targets = targets;
    this.jobs = jobs;
    this.log = log;
    this.stages = stages;
  }

  /**
   * Each content's run, in order; null if interrupted. {@code stage} names the pass in progress and
   * the stage its runs count for.
   */
  List<CoverageRun> runAll(String stage, List<byte[]> contents) throws IOException {
    return runAll(stage, contents, run -> run);
  }

  /**
   * Each content's run as {@code keep} makes it, in order; null if interrupted. {@code keep} is
   * applied on the job as each run ends, so that only what it keeps stays for the whole pass.
   */
  <T> List<T> runAll(String stage, List<byte[]> contents, Function<CoverageRun, T> keep)
      throws IOException {
    List<Callable<T>> runs = new ArrayList<>();
    for (byte[] content : contents) {
      runs.add(
          () -> {
            CoverageRun run = targets.run(content);
            return run == null ? null : keep.apply(run);
          });
    }
    long mark = stages.mark();
    try {
      return jobs.runAll(runs, log.progress(stage, contents.size()));
    } finally {
      stages.since(stage, mark);
    }
  }

  /** Runs of the target so far. */
  long runs() {
    return targets.runs();
  }
}
