package dev.whittle.cli;

import dev.whittle.api.Improvement;
import dev.whittle.api.ReductionResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One improvement as {@code --json} prints it: the runs of the test and the milliseconds it had
 * taken when the result first had this size. "Time to reach size N" is read off these.
 */
record TrajectoryStep(long runs, long milliseconds, int size) {
  static List<TrajectoryStep> of(ReductionResult<?> result) {
    List<TrajectoryStep> steps = new ArrayList<>(result.trajectory().size());
    for (Improvement improvement : result.trajectory()) {
      steps.add(of(improvement));
    }
    return List.copyOf(steps);
  }

  private static TrajectoryStep of(Improvement improvement) {
    return new TrajectoryStep(
        improvement.runs(), improvement.elapsed().toMillis(), improvement.size());
  }
}
