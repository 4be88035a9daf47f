package dev.whittle.jazzer.values;

import java.lang.reflect.AnnotatedType;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What the moves of several values see of a {@link MutatorArgumentsTurn}.
 *
 * @param types the method's parameter types
 * @param current the sweep's current arguments
 * @param accepted asks about whole arguments; true if they are (or encode to) the best
 * @param stop whether to end after the move under way (the sweep's own reason)
 */
record TurnView(
    AnnotatedType[] types,
    Supplier<Object[]> current,
    Predicate<Object[]> accepted,
    BooleanSupplier stop) {}
