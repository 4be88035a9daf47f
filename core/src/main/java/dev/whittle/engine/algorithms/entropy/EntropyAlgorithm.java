package dev.whittle.engine.algorithms.entropy;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.EntropyDebugging;
import dev.whittle.engine.algorithms.entropy.RunLengthLeaves.Leaf;
import dev.whittle.engine.algorithms.entropy.decisiontrees.OrderedTree;
import dev.whittle.engine.algorithms.entropy.decisiontrees.OrderedTreeBuilder;
import dev.whittle.engine.algorithms.entropy.decisiontrees.TreeBuilders;
import dev.whittle.engine.algorithms.onebyone.OneByOneSweep;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;

/**
 * Entropy Debugging: presampling (optional), adaptive consumption, minimization (optional).
 *
 * <p>The sweep keeps a cursor; every item before it is decided important. At the cursor a decision
 * tree over "how many unimportant items come next" is built from the model and walked: the question
 * at a node that separates runs below {@code d} from runs of at least {@code d} is "is the current
 * candidate still interesting without the next {@code d} items?", one run. The leaf reached says
 * what to remove; the model learns from it.
 */
@API(status = INTERNAL, since = "0.1")
public final class EntropyAlgorithm implements SequenceAlgorithm {
  private final EntropyDebugging options;
  private final RandomGenerator random;
  private final OrderedTreeBuilder trees;

  public EntropyAlgorithm(EntropyDebugging options, RandomGenerator random) {
    this.options = checkNotNull(options, "options");
    this.random = checkNotNull(random, "random");
    this.trees = TreeBuilders.of(options.treeBuilder());
  }

  @Override
  public Subsequence reduce(Subsequence start, CandidateTester tester) {
    RunLengthModel model = newModel();
    Subsequence current = start;
    if (options.presamples() > 0) {
      current = new Presampler(random, options.presamples()).presample(current, tester, model);
    }
    current = consume(current, tester, model);
    if (options.minimizes()) {
      current = OneByOneSweep.minimize(current, tester, 0);
    }
    return current;
  }

  private RunLengthModel newModel() {
    if (options.bayesian()) {
      return options
          .initialModel()
          .map(m -> BayesianMarkovModel.startingFrom(m, options.adapt()))
          .orElseGet(() -> BayesianMarkovModel.uninformed());
    }
    return options
        .initialModel()
        .map(m -> new PointMarkovModel(m, options.adapt()))
        .orElseGet(() -> new PointMarkovModel(true));
  }

  /** Where the sweep stands: the candidate, its cursor, the item before it, the run's bound. */
  private record Sweep(Subsequence current, int cursor, ItemState state, long bound) {
    boolean done() {
      return cursor >= current.size();
    }

    /** The sweep after a tree's walk ended in {@code outcome}. */
    Sweep after(Leaf outcome) {
      Subsequence next = current.without(cursor, cursor + (int) outcome.low());
      if (outcome.exact()) {
        return new Sweep(next, cursor + 1, ItemState.IMPORTANT, Long.MAX_VALUE);
      }
      ItemState nextState = outcome.low() > 0 ? ItemState.UNIMPORTANT : state;
      return new Sweep(next, cursor, nextState, outcome.high() - outcome.low());
    }
  }

  /** Adaptive consumption: one tree per run, left to right. */
  private Subsequence consume(Subsequence start, CandidateTester tester, RunLengthModel model) {
    Sweep sweep = new Sweep(start, 0, ItemState.START, Long.MAX_VALUE);
    while (!sweep.done()) {
      Sweep at = sweep;
      Leaf outcome = walk(leaves(model, at), at, tester, leaf -> firstQuestion(model, at, leaf));
      learn(model, at, outcome);
      sweep = at.after(outcome);
      if (outcome.end()) {
        break;
      }
    }
    return sweep.current();
  }

  private List<Leaf> leaves(RunLengthModel model, Sweep sweep) {
    return RunLengthLeaves.of(
        model,
        sweep.state(),
        sweep.current().size() - sweep.cursor(),
        sweep.bound(),
        options.maxTreeSize(),
        options.minSymbolProbability());
  }

  private static void learn(RunLengthModel model, Sweep sweep, Leaf outcome) {
    model.observe(sweep.state(), outcome.low(), outcome.exact());
    if (sweep.bound() == Long.MAX_VALUE) {
      model.observeEnd(outcome.end());
    }
  }

  /**
   * The first question of the tree that follows, were this tree's walk to end in {@code leaf}: what
   * the sweep would ask next, from a copy of the model that learnt what that leaf says. Null where
   * no question follows.
   */
  private Subsequence firstQuestion(RunLengthModel model, Sweep sweep, Leaf leaf) {
    if (leaf.end()) {
      return null;
    }
    RunLengthModel next = model.copy();
    learn(next, sweep, leaf);
    Sweep then = sweep.after(leaf);
    if (then.done()) {
      return null;
    }
    List<Leaf> leaves = leaves(next, then);
    if (leaves.size() == 1) {
      return null;
    }
    return question(trees.build(weights(leaves)), leaves, then);
  }

  private static double[] weights(List<Leaf> leaves) {
    double[] weights = new double[leaves.size()];
    for (int i = 0; i < weights.length; i++) {
      weights[i] = leaves.get(i).weight();
    }
    return weights;
  }

  /** Walks one tree: each inner node asks whether the next {@code d} items can go. */
  private Leaf walk(
      List<Leaf> leaves, Sweep sweep, CandidateTester tester, Function<Leaf, Subsequence> ahead) {
    if (leaves.size() == 1) {
      return leaves.get(0);
    }
    double[] weights = weights(leaves);
    OrderedTree node = trees.build(weights);
    Map<OrderedTree, Boolean> answers = new IdentityHashMap<>();
    while (!node.isLeaf()) {
      Boolean removable = answers.get(node);
      if (removable == null) {
        removable = ask(node, weights, leaves, sweep, tester, answers, ahead);
      }
      node = removable ? node.right() : node.left();
    }
    return leaves.get(node.symbol());
  }

  /**
   * Asks {@code node}'s question. A parallel tester also gets the questions most likely to come
   * next, by the model's chances: those of this tree's nodes below {@code node} (they concern the
   * same candidate and cursor, so they can be asked before the walk reaches them), and the first
   * question of the next tree, were this walk to end in its likeliest leaf. Where most items are
   * important that next question is the likeliest one, and the sweep goes two items a round. The
   * walk then takes the path a single job would take: an answer the walk needs is an answer. Not
   * beside a question the tester answers without a run: the others would cost runs and save no
   * time.
   */
  private static boolean ask(
      OrderedTree node,
      double[] weights,
      List<Leaf> leaves,
      Sweep sweep,
      CandidateTester tester,
      Map<OrderedTree, Boolean> answers,
      Function<Leaf, Subsequence> ahead) {
    Subsequence own = question(node, leaves, sweep);
    int parallelism = tester.parallelism();
    if (parallelism == 1 || tester.isAnswered(own)) {
      boolean removable = tester.isInteresting(own);
      answers.put(node, removable);
      return removable;
    }
    List<LikelyNodes.Reach> likely = LikelyNodes.from(node, weights, parallelism);
    LikelyNodes.Reach end = LikelyNodes.likeliestLeaf(node, weights);
    // The next tree's question costs a copy of the model and a tree: only where it could go.
    boolean nextLikelyEnough =
        likely.size() < parallelism
            || end.probability() > likely.get(likely.size() - 1).probability();
    Subsequence next = nextLikelyEnough ? ahead.apply(leaves.get(end.node().symbol())) : null;
    boolean nextWorthAsking = next != null && !tester.isAnswered(next);
    int nodes = nextWorthAsking ? Math.min(likely.size(), parallelism - 1) : likely.size();
    List<Subsequence> questions = new ArrayList<>(nodes + 1);
    for (int i = 0; i < nodes; i++) {
      questions.add(question(likely.get(i).node(), leaves, sweep));
    }
    if (nextWorthAsking) {
      questions.add(next);
    }
    boolean[] removable = tester.areInteresting(questions);
    for (int i = 0; i < nodes; i++) {
      answers.put(likely.get(i).node(), removable[i]);
    }
    return removable[0];
  }

  /** The question of {@code node}: the candidate without the next items it asks about. */
  private static Subsequence question(OrderedTree node, List<Leaf> leaves, Sweep sweep) {
    int cut = (int) leaves.get(node.split()).low();
    return sweep.current().without(sweep.cursor(), sweep.cursor() + cut);
  }
}
