package dev.whittle.cli;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.jazzer.passes.TreePipeline;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * What {@code reduce --algorithm} names: a sequence algorithm, or a tree algorithm (HDD, GTR, a
 * bracket pass) that runs first, followed by the default sequence algorithm for a 1-minimal result.
 */
record ReduceAlgorithm(Algorithm sequence, Optional<String> tree) {
  static final String DEFAULT = Algorithms.ENTROPY;

  /** The tree algorithms {@code --algorithm} names. */
  static final List<String> TREE_NAMES = TreePipeline.ALGORITHMS;

  static ReduceAlgorithm named(String name) {
    String lower = name.trim().toLowerCase(Locale.ROOT);
    if (TREE_NAMES.contains(lower)) {
      return new ReduceAlgorithm(Algorithms.defaultAlgorithm(), Optional.of(lower));
    }
    return new ReduceAlgorithm(Algorithms.named(name), Optional.empty());
  }

  boolean isGtr() {
    return tree.map(name -> name.startsWith("gtr")).orElse(false);
  }

  static final class Converter implements ITypeConverter<ReduceAlgorithm> {
    @Override
    public ReduceAlgorithm convert(String name) {
      try {
        return named(name);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(
            e.getMessage() + "; or a tree algorithm: " + String.join(", ", TREE_NAMES));
      }
    }
  }

  /** Every name, sequence algorithms first, for the help text. */
  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> names = new ArrayList<>(Algorithms.names());
      names.addAll(TREE_NAMES);
      return names.iterator();
    }
  }
}
