package dev.whittle.api;

/**
 * Hears about every question a reduction asks, answered by the oracle or by the cache. It runs on
 * the reducing thread and SHOULD return quickly.
 */
@FunctionalInterface
public interface ProgressListener {
  void onProgress(Progress progress);
}
