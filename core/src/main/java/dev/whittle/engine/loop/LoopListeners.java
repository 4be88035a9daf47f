package dev.whittle.engine.loop;

import dev.whittle.api.Improvement;
import dev.whittle.api.ImprovementListener;
import dev.whittle.api.Progress;
import dev.whittle.api.ProgressListener;
import java.util.ArrayList;
import java.util.List;

/** Who hears how a reduction goes: its listeners, and the trajectory of its improvements. */
final class LoopListeners<C> {
  private final List<ProgressListener> progressListeners;
  private final List<? extends ImprovementListener<? super C>> improvementListeners;
  private final List<Improvement> trajectory = new ArrayList<>();

  LoopListeners(
      List<ProgressListener> progressListeners,
      List<? extends ImprovementListener<? super C>> improvementListeners) {
    this.progressListeners = List.copyOf(progressListeners);
    this.improvementListeners = List.copyOf(improvementListeners);
  }

  /** Whether anyone listens to progress: else the loop need not make a {@link Progress}. */
  boolean wantProgress() {
    return !progressListeners.isEmpty();
  }

  void progress(Progress progress) {
    for (ProgressListener listener : progressListeners) {
      listener.onProgress(progress);
    }
  }

  /** Notes {@code content}, the new best result, whose size is {@code progress.bestSize()}. */
  void improved(C content, Progress progress) {
    trajectory.add(
        new Improvement(progress.oracleCalls(), progress.elapsed(), progress.bestSize()));
    for (ImprovementListener<? super C> listener : improvementListeners) {
      listener.onImprovement(content, progress);
    }
  }

  /** Every improvement so far, the original first, in the order they were found. */
  List<Improvement> trajectory() {
    return List.copyOf(trajectory);
  }
}
