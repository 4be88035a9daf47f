package dev.whittle.cli;

import dev.whittle.api.ValueReducer;
import dev.whittle.engine.passes.BytePasses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
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
  LINE_RUNS(
      BytePasses::lineRuns,
      true,
      "on text, keep only a run of lines or delete runs of up to 8 lines"),
  LENGTH_FIELDS(
      BytePasses::lengthFields,
      true,
      "delete, empty or trim length-prefixed chunks together with their 32-, 16- or 8-bit length"
          + " field"),
  BLOCKS(
      BytePasses::blocks,
      true,
      "block-aligned deletion: 512, powers of two, sizes that divide the input"),
  OFFSET_FIELDS(
      BytePasses::offsetFields,
      true,
      "records of an (offset, length) directory deleted, emptied or trimmed with their data, every"
          + " offset behind the cut moved"),
  DUPLICATE_CHUNKS(BytePasses::duplicateChunks, true, "delete one of two repeated chunks"),
  ZERO_RUNS(BytePasses::zeroRuns, true, "set runs of bytes to 0x00, as afl-tmin does"),
  BYTE_RUNS(BytePasses::byteRuns, true, "delete runs of 2 to 4 bytes"),
  INT_FIELDS(BytePasses::integerFields, false, "lower 16- and 32-bit integers toward 0"),
  TEXT_NUMBERS(BytePasses::textNumbers, false, "lower ASCII decimal and octal numbers toward 0");

  /** The passes {@code whittle minimize} runs, in declaration order. */
  static final String ALL = "all";

  private final Supplier<ValueReducer<byte[]>> factory;
  private final boolean inAll;
  private final String description;

  BytePass(Supplier<ValueReducer<byte[]>> factory, boolean inAll, String description) {
    this.factory = factory;
    this.inAll = inAll;
    this.description = description;
  }

  /**
   * The help text of {@code reduce --passes}, made from the passes themselves so that it names
   * every pass and what {@value #ALL} runs.
   */
  static String helpText() {
    return "Format-generic passes that rewrite INPUT between sweeps of the algorithm, and go first: "
        + describe(true)
        + "; and, only when named, "
        + describe(false)
        + ". A comma-separated list, run in the order given, or "
        + ALL
        + ": "
        + names(parseList(ALL))
        + ", the byte passes whittle minimize runs on byte[] fuzz targets (less its TAR and ZIP"
        + " entry passes). Only with --granularity bytes. Default: none.";
  }

  private static String describe(boolean inAll) {
    return Arrays.stream(values())
        .filter(pass -> pass.inAll == inAll)
        .map(pass -> pass + " (" + pass.description + ")")
        .collect(Collectors.joining(", "));
  }

  private static String names(List<BytePass> passes) {
    return passes.stream().map(BytePass::toString).collect(Collectors.joining(", "));
  }

  /** Every name {@code --passes} accepts, {@value #ALL} last, for completion and the tests. */
  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> names = new ArrayList<>();
      Arrays.stream(values()).map(BytePass::toString).forEach(names::add);
      names.add(ALL);
      return names.iterator();
    }
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
            + names(Arrays.asList(values()))
            + ", or "
            + ALL);
  }
}
