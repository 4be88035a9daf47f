package dev.whittle.engine.tree;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The largest content the tree passes build a tree of. A tree costs tens of bytes of heap per byte
 * of text (a node per token, with its children's list), and every pass over it asks about every
 * node of a level: on content above the limit the tree passes do not apply and ask nothing, and
 * take their turns once the other reducers have brought the content below it. Format detection
 * looks only at the first bytes, whatever the size.
 */
@API(status = INTERNAL, since = "0.1")
public final class TreeSizeLimit {
  /** 1 MiB: a tree of a few tens of megabytes at most, built in well under a second. */
  public static final int MAX_BYTES = 1 << 20;

  private TreeSizeLimit() {}

  /** Whether the tree passes apply to {@code content}: whether it is at most {@link #MAX_BYTES}. */
  public static boolean fits(byte[] content) {
    return content.length <= MAX_BYTES;
  }
}
