package dev.whittle.jazzer.passes;

import dev.whittle.api.Pass;
import dev.whittle.engine.schedule.DeletionPass;

/**
 * A pass that wraps another and answers for it: its name, where it applies, and, for the pass
 * scheduler, whether its last turn only deleted (false for a wrapped pass that is no {@link
 * DeletionPass}). An implementation overrides what it changes.
 */
interface ForwardingPass<C> extends Pass<C>, DeletionPass {
  /** The wrapped pass. */
  Pass<C> pass();

  @Override
  default String name() {
    return pass().name();
  }

  @Override
  default boolean appliesTo(C content) {
    return pass().appliesTo(content);
  }

  @Override
  default boolean lastTurnOnlyDeleted() {
    return pass() instanceof DeletionPass deletion && deletion.lastTurnOnlyDeleted();
  }
}
