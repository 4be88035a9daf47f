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
  // The smallest result so far, the last one the listeners were told of.
  private C smallest;
  private int smallestSize = -1;

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

  /**
   * Notes {@code content}, the new best result, whose size is {@code progress.bestSize()}, where it
   * is smaller than every result before: what the listeners are told never grows, so that a result
   * file keeps the smallest result found even when a search goes on from a larger one.
   */
  void improved(C content, Progress progress) {
    if (smallestSize >= 0 && progress.bestSize() >= smallestSize) {
      return;
    }
    smallest = content;
    smallestSize = progress.bestSize();
    trajectory.add(new Improvement(progress.runs(), progress.elapsed(), progress.bestSize()));
    for (ImprovementListener<? super C> listener : improvementListeners) {
      listener.onImprovement(content, progress);
    }
  }

  /** The smallest result so far, or null before the first. */
  C smallest() {
    return smallest;
  }

  /** Its size in items, or -1 before the first. */
  int smallestSize() {
    return smallestSize;
  }

  /** The runs made when the smallest result so far was found; 0 before the first. */
  long runsAtSmallest() {
    return trajectory.isEmpty() ? 0 : trajectory.get(trajectory.size() - 1).runs();
  }

  /** Every improvement so far, the original first, in the order they were found. */
  List<Improvement> trajectory() {
    return List.copyOf(trajectory);
  }
}
