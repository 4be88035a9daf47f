package dev.whittle.engine.reducers.entropy;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.EntropyDebugging;
import dev.whittle.engine.reducers.entropy.RunLengthLeaves.Leaf;
import dev.whittle.engine.reducers.entropy.decisiontrees.OrderedTree;
import dev.whittle.engine.reducers.entropy.decisiontrees.OrderedTreeBuilder;
import dev.whittle.engine.reducers.entropy.decisiontrees.TreeBuilders;
import dev.whittle.engine.reducers.onebyone.OneByOneSweep;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceReducer;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;

/**
 * Entropy Debugging: presampling (optional), adaptive consumption, minimization (optional).
 *
 * <p>The sweep keeps a cursor; every item before it is decided important. At the cursor a decision
 * tree over "how many unimportant items come next" is built from the model and walked: the question
 * at a node that separates runs below {@code d} from runs of at least {@code d} is "is the current
 * candidate still interesting without the next {@code d} items?", one oracle call. The leaf reached
 * says what to remove; the model learns from it.
 */
@API(status = INTERNAL, since = "0.1")
public final class EntropyReducer implements SequenceReducer {
  private final EntropyDebugging options;
  private final RandomGenerator random;
  private final OrderedTreeBuilder trees;

  public EntropyReducer(EntropyDebugging options, RandomGenerator random) {
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

  /** Adaptive consumption: one tree per run, left to right. */
  private Subsequence consume(Subsequence current, CandidateTester tester, RunLengthModel model) {
    int cursor = 0;
    ItemState state = ItemState.START;
    long bound = Long.MAX_VALUE;
    while (cursor < current.size()) {
      int remaining = current.size() - cursor;
      List<Leaf> leaves =
          RunLengthLeaves.of(
              model,
              state,
              remaining,
              bound,
              options.maxTreeSize(),
              options.minSymbolProbability());
      Leaf outcome = walk(leaves, current, cursor, tester);
      current = current.without(cursor, cursor + (int) outcome.low());
      model.observe(state, outcome.low(), outcome.exact());
      if (bound == Long.MAX_VALUE) {
        model.observeEnd(outcome.end());
      }
      if (outcome.end()) {
        break;
      }
      if (outcome.exact()) {
        cursor++;
        state = ItemState.IMPORTANT;
        bound = Long.MAX_VALUE;
      } else {
        state = outcome.low() > 0 ? ItemState.UNIMPORTANT : state;
        bound = outcome.high() - outcome.low();
      }
    }
    return current;
  }

  /** Walks one tree: each inner node asks whether the next {@code d} items can go. */
  private Leaf walk(List<Leaf> leaves, Subsequence current, int cursor, CandidateTester tester) {
    if (leaves.size() == 1) {
      return leaves.get(0);
    }
    double[] weights = new double[leaves.size()];
    for (int i = 0; i < weights.length; i++) {
      weights[i] = leaves.get(i).weight();
    }
    OrderedTree node = trees.build(weights);
    Map<OrderedTree, Boolean> answers = new IdentityHashMap<>();
    while (!node.isLeaf()) {
      Boolean removable = answers.get(node);
      if (removable == null) {
        removable = ask(node, weights, leaves, current, cursor, tester, answers);
      }
      node = removable ? node.right() : node.left();
    }
    return leaves.get(node.symbol());
  }

  /**
   * Asks {@code node}'s question. A parallel tester also gets the questions of the nodes most
   * likely to come next: all questions of one tree concern the same candidate and cursor, so they
   * can be asked before the walk reaches them, and the walk then takes the path a single job would
   * take. Not beside a question the tester answers without a run: the others would cost runs and
   * save no time.
   */
  private static boolean ask(
      OrderedTree node,
      double[] weights,
      List<Leaf> leaves,
      Subsequence current,
      int cursor,
      CandidateTester tester,
      Map<OrderedTree, Boolean> answers) {
    List<OrderedTree> nodes =
        tester.parallelism() == 1 || tester.isAnswered(question(node, leaves, current, cursor))
            ? List.of(node)
            : LikelyNodes.from(node, weights, tester.parallelism());
    List<Subsequence> questions = new ArrayList<>(nodes.size());
    for (OrderedTree n : nodes) {
      questions.add(question(n, leaves, current, cursor));
    }
    boolean[] removable =
        nodes.size() == 1
            ? new boolean[] {tester.isInteresting(questions.get(0))}
            : tester.areInteresting(questions);
    for (int i = 0; i < nodes.size(); i++) {
      answers.put(nodes.get(i), removable[i]);
    }
    return removable[0];
  }

  /** The question of {@code node}: the candidate without the next items it asks about. */
  private static Subsequence question(
      OrderedTree node, List<Leaf> leaves, Subsequence current, int cursor) {
    int cut = (int) leaves.get(node.split()).low();
    return current.without(cursor, cursor + cut);
  }
}
