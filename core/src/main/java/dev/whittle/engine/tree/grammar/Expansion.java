package dev.whittle.engine.tree.grammar;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.atn.NotSetTransition;
import org.antlr.v4.runtime.atn.RuleTransition;
import org.antlr.v4.runtime.atn.Transition;
import org.antlr.v4.runtime.atn.WildcardTransition;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * One flat expansion of a parser rule: the symbols of one path through the rule's ATN, in the
 * fuzzingbook's BNF sense ({@code <term> ::= <factor> * <term>}). Optional and starred parts are
 * taken zero times and plussed parts once (a path never visits a state twice), so the expansions
 * are finitely many and lean towards the small ones the grammar pass wants.
 */
record Expansion(ImmutableList<Symbol> symbols) {
  /** At most this many expansions per rule: optional parts multiply them. */
  static final int MAX_PER_RULE = 256;

  /** At most this many search steps per rule. */
  private static final int MAX_STEPS = 100_000;

  /** A rule (by name) or a token (by kind, with its minimal text) in an expansion. */
  record Symbol(String kind, boolean isRule, String minimalText) {}

  static ImmutableMap<String, ImmutableList<Expansion>> computeAll(LoadedGrammar g) {
    ImmutableMap.Builder<String, ImmutableList<Expansion>> out = ImmutableMap.builder();
    for (int rule = 0; rule < g.ruleNames.size(); rule++) {
      List<Expansion> found = new ArrayList<>();
      int[] steps = {0};
      walk(
          g,
          g.parserAtn.ruleToStartState[rule],
          g.parserAtn.ruleToStopState[rule],
          new ArrayList<>(),
          new boolean[g.parserAtn.states.size()],
          found,
          steps);
      // Fewest symbols first, as the fuzzingbook sorts them; stable for equal lengths.
      found.sort(Comparator.comparingInt(e -> e.symbols.size()));
      out.put(g.ruleNames.get(rule), ImmutableList.copyOf(found));
    }
    return out.buildOrThrow();
  }

  private static void walk(
      LoadedGrammar g,
      ATNState state,
      ATNState stop,
      List<Symbol> path,
      boolean[] onPath,
      List<Expansion> found,
      int[] steps) {
    if (found.size() >= MAX_PER_RULE || ++steps[0] > MAX_STEPS) {
      return;
    }
    if (state == stop) {
      Expansion e = new Expansion(ImmutableList.copyOf(path));
      if (!found.contains(e)) {
        found.add(e);
      }
      return;
    }
    if (onPath[state.stateNumber]) {
      return;
    }
    onPath[state.stateNumber] = true;
    for (int i = 0; i < state.getNumberOfTransitions(); i++) {
      Transition t = state.transition(i);
      if (t instanceof RuleTransition call) {
        int callee = call.target.ruleIndex;
        String text = g.minimal.rule(callee);
        path.add(new Symbol(g.ruleNames.get(callee), true, text == null ? "" : text));
        walk(g, call.followState, stop, path, onPath, found, steps);
        path.remove(path.size() - 1);
      } else if (t.isEpsilon()) {
        walk(g, t.target, stop, path, onPath, found, steps);
      } else if (!(t instanceof WildcardTransition) && !(t instanceof NotSetTransition)) {
        IntervalSet set = t.label();
        if (set == null) {
          continue;
        }
        for (int type : set.toArray()) {
          if (type == Token.EOF) {
            // EOF is no node of the tree: the expansion goes on without it.
            walk(g, t.target, stop, path, onPath, found, steps);
            continue;
          }
          String text = g.minimal.token(type);
          if (text == null) {
            continue;
          }
          path.add(new Symbol(g.tokenKind(type), false, text));
          walk(g, t.target, stop, path, onPath, found, steps);
          path.remove(path.size() - 1);
        }
      }
    }
    onPath[state.stateNumber] = false;
  }
}
