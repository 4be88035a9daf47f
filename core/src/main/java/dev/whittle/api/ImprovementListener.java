package dev.whittle.api;

/**
 * Hears about every new smallest interesting candidate, with its content, so that a front end can
 * save it at once: an interrupted reduction then loses nothing.
 *
 * @param <C> the content type
 */
@FunctionalInterface
public interface ImprovementListener<C> {
  void onImprovement(C best, Progress progress);
}
