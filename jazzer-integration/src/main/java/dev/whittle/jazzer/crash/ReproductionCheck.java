package dev.whittle.jazzer.crash;

import dev.whittle.jazzer.api.BrokenClassPathException;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.target.TargetRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the crash several times before anything is minimized: a crash without a finding, or whose
 * finding comes and goes, would send the reduction after noise.
 */
final class ReproductionCheck {
  private ReproductionCheck() {}

  /**
   * The crash's finding, the same in each of {@code runs} runs.
   *
   * @throws NoFindingException if no run found anything
   * @throws FlakyFindingException if some run found nothing or something else
   * @throws BrokenClassPathException if a run threw a linkage error: the class path is broken, and
   *     the "finding" is the build's, not the input's
   */
  static Finding establish(
      TargetRunner runner, byte[] crash, String crashName, int runs, MatchMode matchMode) {
    Finding first = null;
    int reproductions = 0;
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      Finding found = runner.run(crash);
      findings.add(found);
      if (found != null && found.classPathProblem().isPresent()) {
        throw new BrokenClassPathException(crashName, found);
      }
      if (found == null) {
        continue;
      }
      if (first == null) {
        first = found;
        reproductions++;
      } else if (matchMode.matches(first, found)) {
        reproductions++;
      }
    }
    if (first == null) {
      throw new NoFindingException(crashName, runner.targetClassName(), runs);
    }
    if (reproductions < runs) {
      throw new FlakyFindingException(crashName, findings, reproductions);
    }
    return first;
  }
}
