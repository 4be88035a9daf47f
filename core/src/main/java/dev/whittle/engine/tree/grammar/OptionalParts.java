package dev.whittle.engine.tree.grammar;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.atn.BasicBlockStartState;
import org.antlr.v4.runtime.atn.BlockEndState;
import org.antlr.v4.runtime.atn.PlusBlockStartState;
import org.antlr.v4.runtime.atn.RuleTransition;
import org.antlr.v4.runtime.atn.StarBlockStartState;
import org.antlr.v4.runtime.atn.Transition;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Which of a rule node's children were matched by one pass through an optional ({@code x?}) or
 * repeated ({@code x*}, {@code x+}) part of the rule: the children Picireny wraps in a quantifier
 * node whose deletion leaves nothing. A parse tree does not record the path the parser took through
 * the rule, so this replays the children's symbols through the rule's ATN, alternatives in order,
 * and reads the parts off the first path that matches them all.
 */
final class OptionalParts {
  /**
   * Search steps allowed per node; a node past it gets no parts (its children stay as they are).
   */
  static final int MAX_STEPS = 200_000;

  private final ATN atn;
  private final int[] symbols;
  private final ATNState stop;
  private final Set<Long> failed = new HashSet<>();
  private final List<int[]> parts = new ArrayList<>();
  private final List<int[]> open = new ArrayList<>();
  private int steps;

  private OptionalParts(ATN atn, int rule, int[] symbols) {
    this.atn = atn;
    this.symbols = symbols;
    this.stop = atn.ruleToStopState[rule];
  }

  /**
   * The parts of a node of {@code rule} whose children are {@code symbols} (a token's type, or
   * {@code -1 - ruleIndex} for a rule), as {@code [from, to)} child ranges, nested parts after the
   * parts that hold them; empty if the children match no path (error recovery changed them).
   */
  static List<int[]> find(ATN atn, int rule, int[] symbols) {
    OptionalParts search = new OptionalParts(atn, rule, symbols);
    try {
      if (search.match(atn.ruleToStartState[rule], 0)) {
        List<int[]> out = new ArrayList<>(search.parts);
        // Outer parts first: a part opens before and closes after the parts inside it.
        out.sort(
            (a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(b[1], a[1]));
        return out;
      }
    } catch (StackOverflowError e) {
      // A very long list nests the search deeply: leave this node's children ungrouped.
    }
    return List.of();
  }

  private boolean match(ATNState state, int pos) {
    if (++steps > MAX_STEPS) {
      return false;
    }
    if (state == stop) {
      return pos == symbols.length;
    }
    long key = (long) state.stateNumber * (symbols.length + 1) + pos;
    if (failed.contains(key)) {
      return false;
    }
    int partsAtEntry = parts.size();
    boolean opened = isPart(state);
    if (opened) {
      open.add(new int[] {state.stateNumber, pos});
    }
    int[] closed = null;
    if (state instanceof BlockEndState end && isPart(end.startState) && !open.isEmpty()) {
      closed = open.remove(open.size() - 1);
      if (pos > closed[1]) {
        parts.add(new int[] {closed[1], pos});
      }
    }
    int partsBefore = parts.size();
    for (int i = 0; i < state.getNumberOfTransitions(); i++) {
      Transition t = state.transition(i);
      boolean ok;
      if (t instanceof RuleTransition call) {
        ok =
            pos < symbols.length
                && symbols[pos] == -1 - call.target.ruleIndex
                && match(call.followState, pos + 1);
      } else if (t.isEpsilon()) {
        ok = match(t.target, pos);
      } else {
        IntervalSet set = t.label();
        if (set == null) {
          ok = false;
        } else if (pos < symbols.length && symbols[pos] >= 0 && set.contains(symbols[pos])) {
          ok = match(t.target, pos + 1);
        } else {
          // EOF is no child of the tree: the path may pass it without a symbol.
          ok = set.contains(Token.EOF) && match(t.target, pos);
        }
      }
      if (ok) {
        return true;
      }
      truncate(partsBefore);
    }
    // No path from here: undo this state's bookkeeping for the caller's next path.
    truncate(partsAtEntry);
    if (closed != null) {
      open.add(closed);
    }
    if (opened) {
      open.remove(open.size() - 1);
    }
    failed.add(key);
    return false;
  }

  private void truncate(int size) {
    while (parts.size() > size) {
      parts.remove(parts.size() - 1);
    }
  }

  /** Whether entering {@code state} starts one pass through an optional or repeated part. */
  private static boolean isPart(ATNState state) {
    if (state instanceof StarBlockStartState || state instanceof PlusBlockStartState) {
      return true;
    }
    if (state instanceof BasicBlockStartState block) {
      for (int i = 0; i < block.getNumberOfTransitions(); i++) {
        if (block.transition(i).target == block.endState) {
          return true;
        }
      }
    }
    return false;
  }
}
