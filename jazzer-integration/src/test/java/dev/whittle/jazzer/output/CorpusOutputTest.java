package dev.whittle.jazzer.output;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusOutputTest {
  @TempDir Path dir;

  @Test
  void filesAreNamedByTheSha1OfTheirContentAsLibFuzzerNamesThem() throws IOException {
    CorpusOutput output = CorpusOutput.prepare(dir.resolve("out"), List.of(dir.resolve("in")));

    Path file = output.write("abc".getBytes(UTF_8));

    assertEquals("a9993e364706816aba3e25717850c26c9cd0d89d", file.getFileName().toString());
    assertArrayEquals("abc".getBytes(UTF_8), Files.readAllBytes(file));
    assertEquals(List.of(file), filesIn(dir.resolve("out")));
  }

  @Test
  void aDeletedFileGoesAndAnEmptyDirectoryItCreatedIsRemoved() throws IOException {
    Path out = dir.resolve("out");
    CorpusOutput output = CorpusOutput.prepare(out, List.of());
    Path file = output.write(new byte[] {1});

    output.removeIfEmpty();
    assertTrue(Files.exists(file), "a directory with a file in it stays");
    output.delete(file);
    output.removeIfEmpty();

    assertFalse(Files.exists(out));
  }

  @Test
  void aDirectoryThatWasThereStays() throws IOException {
    Path out = Files.createDirectory(dir.resolve("out"));

    CorpusOutput.prepare(out, List.of()).removeIfEmpty();

    assertTrue(Files.isDirectory(out));
  }

  @Test
  void anOutputNotEmptyOrInsideTheInputIsRefusedNamingIt() throws IOException {
    Path in = Files.createDirectory(dir.resolve("in"));
    Files.write(in.resolve("seed"), new byte[] {1});

    IllegalArgumentException inside =
        assertThrows(
            IllegalArgumentException.class,
            () -> CorpusOutput.prepare(in.resolve("out"), List.of(in)));
    IllegalArgumentException notEmpty =
        assertThrows(IllegalArgumentException.class, () -> CorpusOutput.prepare(in, List.of()));

    assertTrue(inside.getMessage().contains("lies in the input corpus " + in), inside.getMessage());
    assertTrue(notEmpty.getMessage().contains(in + " is not empty"), notEmpty.getMessage());
    assertFalse(Files.exists(in.resolve("out")));
  }

  @Test
  void aKeptCorpusIsOnlyAddedTo() throws IOException {
    KeptCorpusAdditions additions = KeptCorpusAdditions.open(dir);
    Path existing = additions.fileOf("abc".getBytes(UTF_8));
    Files.write(existing, "left as it is".getBytes(UTF_8));

    assertFalse(additions.add("abc".getBytes(UTF_8)));
    assertTrue(additions.add("abcd".getBytes(UTF_8)));

    assertEquals("left as it is", Files.readString(existing));
    assertEquals("abcd", Files.readString(additions.fileOf("abcd".getBytes(UTF_8))));
    assertEquals(2, filesIn(dir).size());
  }

  private static List<Path> filesIn(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.sorted().toList();
    }
  }
}
