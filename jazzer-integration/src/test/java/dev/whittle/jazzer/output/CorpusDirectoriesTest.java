package dev.whittle.jazzer.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.CorpusOutputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusDirectoriesTest {
  private static final String SHA = "0123456789abcdef0123456789abcdef01234567";

  @TempDir Path dir;

  @Test
  void anEarlierResultIsReplacedWhole() throws IOException {
    Path place = corpus("place", SHA, "old");
    Path fresh = corpus("fresh", "fedcba9876543210fedcba9876543210fedcba98", "new");

    CorpusDirectories.replace(place, fresh, null);

    assertEquals(List.of("fedcba9876543210fedcba9876543210fedcba98"), names(place));
    assertFalse(Files.exists(fresh));
    assertEquals(List.of("place"), names(dir), "nothing left beside it");
  }

  @Test
  void theOldCorpusIsKeptAsideWhenAsked() throws IOException {
    Path place = corpus("place", "user-named-file", "old");
    Path fresh = corpus("fresh", SHA, "new");
    Path aside = CorpusDirectories.unusedSibling(place, "before");

    CorpusDirectories.replace(place, fresh, aside);

    assertEquals(List.of(SHA), names(place));
    assertArrayEquals("old".getBytes(), Files.readAllBytes(aside.resolve("user-named-file")));
  }

  @Test
  void aDirectoryWithOtherFilesIsNeverDeleted() throws IOException {
    Path place = corpus("place", "notes.txt", "mine");
    Path fresh = corpus("fresh", SHA, "new");

    CorpusOutputException e =
        assertThrows(CorpusOutputException.class, () -> CorpusDirectories.checkReplaceable(place));
    assertThrows(CorpusOutputException.class, () -> CorpusDirectories.replace(place, fresh, null));

    assertTrue(e.getMessage().contains("notes.txt"), e.getMessage());
    assertArrayEquals("mine".getBytes(), Files.readAllBytes(place.resolve("notes.txt")));
    assertTrue(Files.exists(fresh.resolve(SHA)));
  }

  @Test
  void anAbsentPlaceIsCreatedWithItsParents() throws IOException {
    Path fresh = corpus("fresh", SHA, "new");
    Path place = dir.resolve("a").resolve("b");

    CorpusDirectories.replace(place, fresh, null);

    assertEquals(List.of(SHA), names(place));
  }

  private Path corpus(String name, String file, String content) throws IOException {
    Path corpus = Files.createDirectories(dir.resolve(name));
    Files.writeString(corpus.resolve(file), content);
    return corpus;
  }

  private static List<String> names(Path directory) throws IOException {
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
