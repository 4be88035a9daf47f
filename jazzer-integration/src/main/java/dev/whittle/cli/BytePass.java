package dev.whittle.cli;

import dev.whittle.api.ValueReducer;
import dev.whittle.engine.passes.BytePasses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A format-generic pass of core ({@link BytePasses}) that {@code reduce --passes} can name. The
 * declaration order is the order {@code whittle minimize} runs them in for {@code byte[]} targets,
 * and the order of {@value #ALL}: line runs first, as length-field guesses on text cost many
 * questions (docs/benchmarks.md, section 6), then the binary-format passes, then byte runs. The
 * integer rewrites come last and only when named: they made no sample smaller and cost runs
 * (docs/benchmarks.md, section 13).
 */
enum BytePass {
  LINE_RUNS(BytePasses::lineRuns, true),
  LENGTH_FIELDS(BytePasses::lengthFields, true),
  BLOCKS(BytePasses::blocks, true),
  OFFSET_FIELDS(BytePasses::offsetFields, true),
  DUPLICATE_CHUNKS(BytePasses::duplicateChunks, true),
  ZERO_RUNS(BytePasses::zeroRuns, true),
  BYTE_RUNS(BytePasses::byteRuns, true),
  INT_FIELDS(BytePasses::integerFields, false),
  TEXT_NUMBERS(BytePasses::textNumbers, false);

  /** The passes {@code whittle minimize} runs, in declaration order. */
  static final String ALL = "all";

  private final Supplier<ValueReducer<byte[]>> factory;
  private final boolean inAll;

  BytePass(Supplier<ValueReducer<byte[]>> factory, boolean inAll) {
    this.factory = factory;
    this.inAll = inAll;
  }

  /** A fresh reducer for one reduction. */
  ValueReducer<byte[]> newReducer() {
    return factory.get();
  }

  /** The name on the command line, which is also the reducer's own name. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The passes {@code text} names: {@value #ALL}, or a comma-separated list of names, run in the
   * order given.
   *
   * @throws IllegalArgumentException for an unknown or repeated name, naming the known ones
   */
  static List<BytePass> parseList(String text) {
    if (text.trim().equals(ALL)) {
      return Arrays.stream(values()).filter(pass -> pass.inAll).toList();
    }
    List<BytePass> passes = new ArrayList<>();
    for (String name : text.split(",", -1)) {
      BytePass pass = named(name.trim());
      if (passes.contains(pass)) {
        throw new IllegalArgumentException("--passes names " + pass + " twice");
      }
      passes.add(pass);
    }
    return List.copyOf(passes);
  }

  private static BytePass named(String name) {
    for (BytePass pass : values()) {
      if (pass.toString().equals(name)) {
        return pass;
      }
    }
    throw new IllegalArgumentException(
        "unknown pass '"
            + name
            + "' in --passes; known: "
            + Arrays.stream(values()).map(BytePass::toString).collect(Collectors.joining(", "))
            + ", or "
            + ALL);
  }
}
