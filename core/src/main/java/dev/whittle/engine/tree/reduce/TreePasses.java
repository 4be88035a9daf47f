package dev.whittle.engine.tree.reduce;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Pass;
import dev.whittle.engine.AlgorithmRegistry;
import dev.whittle.engine.tree.TreeBuilder;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The tree passes, as passes over any {@link TreeBuilder} (a lenient format, an ANTLR grammar):
 * they ask through the pass's tester, so the reduction's oracle loop, cache, budget, jobs and pass
 * scheduler are theirs too.
 */
@API(status = INTERNAL, since = "0.1")
public final class TreePasses {
  /** The names {@link #named} knows. */
  public static final List<String> NAMES =
      List.of(
          "hdd",
          "hdd*",
          "coarse-hdd",
          "gtr",
          "gtr*",
          "hollow",
          "lift",
          "debracket",
          "to-zero",
          "blanks");

  private TreePasses() {}

  /** HDD: one pass level by level, {@code perLevel} choosing the deletions of each level. */
  public static Pass<byte[]> hdd(TreeBuilder builder, Algorithm perLevel) {
    return new TreePass(
        "hdd",
        builder,
        () -> AlgorithmRegistry.create(perLevel),
        false,
        false,
        false,
        LearnedFilters.none());
  }

  /** HDD*: HDD again until a pass deletes nothing. */
  public static Pass<byte[]> hddStar(TreeBuilder builder, Algorithm perLevel) {
    return new TreePass(
        "hdd*",
        builder,
        () -> AlgorithmRegistry.create(perLevel),
        false,
        false,
        true,
        LearnedFilters.none());
  }

  /** Coarse HDD: first only the nodes whose deletion leaves nothing, then HDD. */
  public static Pass<byte[]> coarseHdd(TreeBuilder builder, Algorithm perLevel) {
    return new TreePass(
        "coarse-hdd",
        builder,
        () -> AlgorithmRegistry.create(perLevel),
        true,
        false,
        false,
        LearnedFilters.none());
  }

  /** GTR: deletion and substitution by a descendant, level by level, under {@code filters}. */
  public static Pass<byte[]> gtr(TreeBuilder builder, Algorithm perLevel, LearnedFilters filters) {
    return new TreePass(
        "gtr", builder, () -> AlgorithmRegistry.create(perLevel), false, true, false, filters);
  }

  /** GTR*: GTR again until a pass changes nothing. */
  public static Pass<byte[]> gtrStar(
      TreeBuilder builder, Algorithm perLevel, LearnedFilters filters) {
    return new TreePass(
        "gtr*", builder, () -> AlgorithmRegistry.create(perLevel), false, true, true, filters);
  }

  /** Empties the contents of a bracket pair or an element. */
  public static Pass<byte[]> hollow(TreeBuilder builder) {
    return new BracketPass(BracketPass.Kind.HOLLOW, builder);
  }

  /** Puts an inner pair in the place of a pair. */
  public static Pass<byte[]> lift(TreeBuilder builder) {
    return new BracketPass(BracketPass.Kind.LIFT, builder);
  }

  /** Drops a pair's brackets (an element's tags), keeping its contents. */
  public static Pass<byte[]> debracket(TreeBuilder builder) {
    return new BracketPass(BracketPass.Kind.DEBRACKET, builder);
  }

  /** Puts {@code 0} in the place of an empty pair of one-byte brackets. */
  public static Pass<byte[]> toZero(TreeBuilder builder) {
    return new BracketPass(BracketPass.Kind.TO_ZERO, builder);
  }

  /**
   * Deletes the blanks between tokens (whitespace no token holds): all at once, else each cut to
   * one byte, then {@code perLevel} chooses which to delete whole.
   */
  public static Pass<byte[]> blanks(TreeBuilder builder, Algorithm perLevel) {
    return new BlankPass(builder, () -> AlgorithmRegistry.create(perLevel));
  }

  /**
   * The pass {@code name} (one of {@link #NAMES}) over {@code builder}, or empty for another name.
   */
  public static Optional<Pass<byte[]>> named(
      String name, TreeBuilder builder, Algorithm perLevel, LearnedFilters filters) {
    return Optional.ofNullable(
        switch (name.toLowerCase(Locale.ROOT)) {
          case "hdd" -> hdd(builder, perLevel);
          case "hdd*" -> hddStar(builder, perLevel);
          case "coarse-hdd" -> coarseHdd(builder, perLevel);
          case "gtr" -> gtr(builder, perLevel, filters);
          case "gtr*" -> gtrStar(builder, perLevel, filters);
          case "hollow" -> hollow(builder);
          case "lift" -> lift(builder);
          case "debracket" -> debracket(builder);
          case "to-zero" -> toZero(builder);
          case "blanks" -> blanks(builder, perLevel);
          default -> null;
        });
  }

  /**
   * The tree passes for text by default: HDD*, then blanks, then the bracket passes; the sequence
   * reducer after them makes the result 1-minimal. Blanks come right after HDD* because HDD leaves
   * the whitespace between the tokens it keeps, which costs the byte sweep a question per short run
   * but blanks a few in all; the bracket passes then work on less (and, having gained nothing, wait
   * until the content halves). Lift before debracket: lifting an inner pair keeps less than
   * dropping the outer brackets. To-zero last: it works on the pairs hollow emptied.
   */
  public static List<Pass<byte[]>> forText(TreeBuilder builder, Algorithm perLevel) {
    return List.of(
        hddStar(builder, perLevel),
        blanks(builder, perLevel),
        lift(builder),
        debracket(builder),
        hollow(builder),
        toZero(builder));
  }
}
