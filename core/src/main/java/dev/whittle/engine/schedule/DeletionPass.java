package dev.whittle.engine.schedule;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A pass over {@code byte[]} that says when it only deleted: every candidate of such a turn, and
 * what it returned, was the content it was given with some bytes left out (the tree passes, which
 * unparse the input's own bytes, unless a grammar puts a minimal replacement in a node's place). It
 * lets the {@link PassScheduler} skip a turn that can only ask again what was refuted.
 *
 * <p>Contract: {@link #lastTurnOnlyDeleted} MUST be false unless every candidate of the pass's last
 * turn was a subsequence of the content it was given. After a turn the pass finished (not cut off
 * at its allowance), it has deleted all it could from what it returned; on a content that is that
 * result with more bytes deleted since, its deletions are the same ones on less, and where the test
 * is monotone (less of a content that failed fails too) every one of them fails again. The
 * scheduler then gives it no turn until the content is no longer such a subsequence (a rewriting
 * pass changed it).
 */
@API(status = INTERNAL, since = "0.1")
public interface DeletionPass {
  /** Whether the last call of {@code reduce} proposed nothing but deletions. */
  boolean lastTurnOnlyDeleted();
}
