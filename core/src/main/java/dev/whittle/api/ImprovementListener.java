package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Hears about every new smallest interesting candidate, with its content, so that a front end can
 * save it at once: an interrupted reduction then loses nothing.
 *
 * @param <C> the content type
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface ImprovementListener<C> {
  void onImprovement(C best, Progress progress);
}
