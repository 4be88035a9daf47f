package dev.whittle.jazzer.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import dev.whittle.engine.passes.archives.ArchivePasses;
import dev.whittle.engine.passes.bytes.BytePasses;
import dev.whittle.engine.passes.fields.FieldPasses;
import dev.whittle.engine.passes.text.TextPasses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * A format-generic pass over bytes (core's the pass families' catalogues), by the name {@code
 * reduce --passes} gives it, with what it does. Which passes run, and in what order, is the
 * pipelines' to say ({@link Pipelines#bytes()}); the declaration order here is only the order the
 * help text lists them in.
 */
@API(status = INTERNAL, since = "0.1")
public enum BytePass {
  LINE_RUNS(
      TextPasses::lineRuns, "on text, keep only a run of lines or delete runs of up to 8 lines"),
  BLOCKS(
      BytePasses::blocks,
      "block-aligned deletion: 512, powers of two, sizes that divide the input"),
  TAR_ENTRIES(
      ArchivePasses::tarEntries,
      "empty or halve the data of TAR entries, rewriting their size fields and header checksums"),
  ZIP_ENTRIES(
      ArchivePasses::zipEntries,
      "empty the local entries of ZIP archives, rewriting method, CRC and sizes"),
  LENGTH_FIELDS(
      FieldPasses::lengthFields,
      "delete, empty or trim length-prefixed chunks together with their 32-, 16- or 8-bit length"
          + " field"),
  OFFSET_FIELDS(
      FieldPasses::offsetFields,
      "records of an (offset, length) directory deleted, emptied or trimmed with their data, every"
          + " offset behind the cut moved"),
  DUPLICATE_CHUNKS(BytePasses::duplicateChunks, "delete one of two repeated chunks"),
  ZERO_RUNS(BytePasses::zeroRuns, "set runs of bytes to 0x00, as afl-tmin does"),
  FILL_RUNS(TextPasses::fillRuns, "make large text uniform: runs of bytes set to one filler"),
  FILL_ALL(
      TextPasses::fillAll,
      "make large text uniform in few questions: all of it set to one filler, else the longest"
          + " fillable prefix and suffix"),
  TOKEN_RUNS(
      TextPasses::tokenRuns,
      "on text of at most 64 tokens, delete runs of 16 to 1 tokens, a bracket with its partner"),
  BYTE_RUNS(BytePasses::byteRuns, "delete runs of 2 to 4 bytes"),
  INT_FIELDS(FieldPasses::integerFields, "lower 16- and 32-bit integers toward 0"),
  TEXT_NUMBERS(TextPasses::textNumbers, "lower ASCII decimal and octal numbers toward 0");

  /** The name that stands for {@link Pipelines#bytes()}: the byte passes {@code minimize} runs. */
  public static final String ALL = "all";

  private final Supplier<Pass<byte[]>> factory;
  private final String description;

  BytePass(Supplier<Pass<byte[]>> factory, String description) {
    this.factory = factory;
    this.description = description;
  }

  /** A fresh pass for one reduction. */
  public Pass<byte[]> newPass() {
    return factory.get();
  }

  /** What the pass does, for help texts. */
  public String description() {
    return description;
  }

  /** The name on the command line, which is also the pass's own name. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Every name {@link #parseList} accepts, {@value #ALL} last, for completion and help texts. */
  public static List<String> names() {
    List<String> names = new ArrayList<>();
    Arrays.stream(values()).map(BytePass::toString).forEach(names::add);
    names.add(ALL);
    return names;
  }

  /**
   * The passes {@code text} names: {@value #ALL}, or a comma-separated list of names, run in the
   * order given.
   *
   * @throws IllegalArgumentException for an unknown or repeated name, naming the known ones
   */
  public static List<BytePass> parseList(String text) {
    if (text.trim().equals(ALL)) {
      return Pipelines.bytes();
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
            + list(Arrays.asList(values()))
            + ", or "
            + ALL);
  }

  /** The names of {@code passes}, comma-separated. */
  public static String list(List<BytePass> passes) {
    return passes.stream().map(BytePass::toString).collect(Collectors.joining(", "));
  }
}
