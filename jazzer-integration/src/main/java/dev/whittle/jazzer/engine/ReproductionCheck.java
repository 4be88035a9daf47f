package dev.whittle.jazzer.engine;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.target.AttemptSession;

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
   */
  static Finding establish(
      AttemptSession session, byte[] crash, String crashName, int runs, MatchMode matchMode) {
    Finding first = null;
    int reproductions = 0;
    int withoutFinding = 0;
    for (int i = 0; i < runs; i++) {
      Finding found = session.run(crash);
      if (found == null) {
        withoutFinding++;
      } else if (first == null) {
        first = found;
        reproductions++;
      } else if (matchMode.matches(first, found)) {
        reproductions++;
      }
    }
    if (first == null) {
      throw new NoFindingException(crashName, session.targetClassName(), runs);
    }
    if (reproductions < runs) {
      throw new FlakyFindingException(crashName, first, runs, reproductions, withoutFinding);
    }
    return first;
  }
}
