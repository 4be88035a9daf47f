package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A candidate as the engine sees it: the items of the original input it keeps, as sorted, disjoint,
 * non-empty half-open ranges of original indices. Sequence inputs turn it into content.
 */
@API(status = STABLE, since = "0.1")
public interface KeptRanges {
  /** Number of kept items. */
  int size();

  /** Number of ranges. */
  int rangeCount();

  /** First original index of range {@code k}. */
  int start(int k);

  /** One past the last original index of range {@code k}. */
  int end(int k);
}
