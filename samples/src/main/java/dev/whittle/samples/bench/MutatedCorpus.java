package dev.whittle.samples.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A large corpus made from a real one by mutation, the same for the same arguments on any machine
 * ({@code samples/scripts/corpus-scale.sh}, the 100,000-file corpus). Each new file is a file of
 * the source corpus (taken in turn, in name order) with one to four of libFuzzer's simplest
 * mutations (flip a bit, set a byte, insert a byte, erase a range, copy a range elsewhere, splice
 * in part of another source file), drawn from a {@link Random} seeded once; a result that is empty
 * or equal to one already written is drawn again. Files are named by the SHA-1 of their content, as
 * libFuzzer and Whittle name corpus files.
 *
 * <pre>
 * java -cp CP dev.whittle.samples.bench.MutatedCorpus SOURCE_DIR OUTPUT_DIR COUNT [SEED]
 * </pre>
 *
 * OUTPUT_DIR must be new or empty. Exit status 2 for a usage error.
 */
public final class MutatedCorpus {
  private static final int MAX_FILE_BYTES = 4096;

  private final List<byte[]> sources;
  private final Random random;

  private MutatedCorpus(List<byte[]> sources, long seed) {
    this.sources = sources;
    this.random = new Random(seed);
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 3 || args.length > 4) {
      usage("expected SOURCE_DIR OUTPUT_DIR COUNT [SEED]");
    }
    Path source = Path.of(args[0]);
    Path output = Path.of(args[1]);
    int count = parse(args[2], "COUNT");
    long seed = args.length == 4 ? parse(args[3], "SEED") : 1;
    List<byte[]> files = read(source);
    if (files.isEmpty()) {
      usage("no files in " + source);
    }
    Files.createDirectories(output);
    try (Stream<Path> existing = Files.list(output)) {
      if (existing.findAny().isPresent()) {
        usage("not empty: " + output);
      }
    }
    new MutatedCorpus(files, seed).write(output, count);
    System.out.println(
        "mutated-corpus: " + count + " files from " + files.size() + " in " + output);
  }

  private void write(Path output, int count) throws IOException {
    Set<String> names = new HashSet<>();
    for (int i = 0; names.size() < count; i++) {
      byte[] mutant = mutate(sources.get(i % sources.size()));
      String name = sha1(mutant);
      if (mutant.length > 0 && names.add(name)) {
        Files.write(output.resolve(name), mutant);
      }
    }
  }

  private byte[] mutate(byte[] original) {
    byte[] data = original;
    int mutations = 1 + random.nextInt(4);
    for (int m = 0; m < mutations; m++) {
      data = mutateOnce(data);
    }
    return data.length > MAX_FILE_BYTES ? Arrays.copyOf(data, MAX_FILE_BYTES) : data;
  }

  private byte[] mutateOnce(byte[] data) {
    if (data.length == 0) {
      return new byte[] {(byte) random.nextInt(256)};
    }
    int at = random.nextInt(data.length);
    switch (random.nextInt(6)) {
      case 0:
        return withByte(data, at, (byte) (data[at] ^ (1 << random.nextInt(8))));
      case 1:
        return withByte(data, at, (byte) random.nextInt(256));
      case 2:
        return splice(data, at, at, new byte[] {(byte) random.nextInt(256)});
      case 3:
        return splice(data, at, Math.min(data.length, at + 1 + random.nextInt(8)), new byte[0]);
      case 4:
        return splice(data, at, at, range(data));
      default:
        return splice(data, at, at, range(sources.get(random.nextInt(sources.size()))));
    }
  }

  private byte[] range(byte[] data) {
    if (data.length == 0) {
      return data;
    }
    int from = random.nextInt(data.length);
    int to = Math.min(data.length, from + 1 + random.nextInt(16));
    return Arrays.copyOfRange(data, from, to);
  }

  private static byte[] withByte(byte[] data, int at, byte value) {
    byte[] copy = data.clone();
    copy[at] = value;
    return copy;
  }

  private static byte[] splice(byte[] data, int from, int to, byte[] insert) {
    byte[] result = new byte[data.length - (to - from) + insert.length];
    System.arraycopy(data, 0, result, 0, from);
    System.arraycopy(insert, 0, result, from, insert.length);
    System.arraycopy(data, to, result, from + insert.length, data.length - to);
    return result;
  }

  private static List<byte[]> read(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      usage("not a directory: " + directory);
    }
    try (Stream<Path> files = Files.walk(directory)) {
      List<byte[]> contents = new ArrayList<>();
      files
          .filter(Files::isRegularFile)
          .sorted()
          .forEach(
              file -> {
                try {
                  contents.add(Files.readAllBytes(file));
                } catch (IOException e) {
                  throw new UncheckedIOException(file.toString(), e);
                }
              });
      return contents;
    }
  }

  private static String sha1(byte[] data) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(data));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static int parse(String value, String what) {
    try {
      int parsed = Integer.parseInt(value);
      if (parsed > 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    usage(what + " must be a positive integer: " + value);
    return 0;
  }

  private static void usage(String problem) {
    System.err.println("MutatedCorpus: " + problem);
    System.err.println("usage: MutatedCorpus SOURCE_DIR OUTPUT_DIR COUNT [SEED]");
    System.exit(2);
  }
}
