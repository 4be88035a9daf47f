package dev.whittle.jazzer.corpus;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Passes of the target over a list of contents, each run once with coverage, on the jobs. */
final class CoveragePasses {
  private final CorpusTargetPool targets;
  private final CorpusJobs jobs;
  private final CorpusLog log;

  CoveragePasses(CorpusTargetPool targets, CorpusJobs jobs, CorpusLog log) {
    this.targets = targets;
    this.jobs = jobs;
    this.log = log;
  }

  /** Each content's run, in order; null if interrupted. {@code what} names the pass in progress. */
  List<CoverageRun> runAll(String what, List<byte[]> contents) throws IOException {
    List<Callable<CoverageRun>> runs = new ArrayList<>();
    for (byte[] content : contents) {
      runs.add(() -> targets.run(content));
    }
    return jobs.runAll(runs, log.progress(what, contents.size()));
  }

  /** Runs of the target so far. */
  long runs() {
    return targets.runs();
  }
}
