package dev.whittle.samples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MutatedCorpusTest {
  private static final Path SOURCE = BenchScripts.ROOT.resolve("samples/corpora/CsvFuzzer");

  @TempDir Path work;

  @Test
  void theSameSeedMakesTheSameDistinctFilesNamedByTheirSha1() throws Exception {
    Map<String, String> first = make("a", 700, 5);
    Map<String, String> again = make("b", 700, 5);

    assertEquals(700, first.size());
    assertEquals(first, again);
    first.forEach((name, sha1) -> assertEquals(name, sha1, "named by its content's SHA-1"));
  }

  @Test
  void anotherSeedMakesAnotherCorpus() throws Exception {
    assertNotEquals(make("a", 50, 1).keySet(), make("b", 50, 2).keySet());
  }

  private Map<String, String> make(String name, int count, long seed) throws IOException {
    Path output = work.resolve(name);
    MutatedCorpus.main(new String[] {SOURCE.toString(), output.toString(), "" + count, "" + seed});
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> list = Files.list(output)) {
      list.forEach(file -> files.put(file.getFileName().toString(), sha1(file)));
    }
    return files;
  }

  private static String sha1(Path file) {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-1").digest(Files.readAllBytes(file)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
