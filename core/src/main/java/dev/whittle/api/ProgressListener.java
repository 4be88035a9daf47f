package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Hears about every question a reduction asks, answered by the oracle or by the cache. It runs on
 * the reducing thread and SHOULD return quickly.
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface ProgressListener {
  void onProgress(Progress progress);
}
