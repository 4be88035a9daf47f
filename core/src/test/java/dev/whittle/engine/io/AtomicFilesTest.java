package dev.whittle.engine.io;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  @Test
  void createsTheFile() throws IOException {
    Path target = dir.resolve("out.txt");

    AtomicFiles.write(target, "first".getBytes(UTF_8));

    assertEquals("first", Files.readString(target));
    assertEquals(List.of("out.txt"), names());
  }

  @Test
  void replacesAnExistingFileWithoutLeavingTemporaryFiles() throws IOException {
    Path target = Files.writeString(dir.resolve("out.txt"), "a much longer old content");

    AtomicFiles.write(target, "new".getBytes(UTF_8));

    assertArrayEquals("new".getBytes(UTF_8), Files.readAllBytes(target));
    assertEquals(List.of("out.txt"), names());
  }

  @Test
  void writesARelativePathWithoutADirectory() throws IOException {
    // A bare file name has no parent; the temporary file must still go next to the target.
    Path target = Path.of("whittle-atomic-files-test.tmp-out");
    try {
      AtomicFiles.write(target, "x".getBytes(UTF_8));
      assertEquals("x", Files.readString(target));
    } finally {
      Files.deleteIfExists(target);
    }
  }

  @Test
  void createsTheFileWithThePermissionsOfAPlainWrite() throws IOException {
    // A plain write follows the umask; a temporary file made by createTempFile is always 0600,
    // and renaming it over the target would make every output private whatever the umask.
    Path plain = Files.write(dir.resolve("plain.txt"), new byte[] {1});
    Path target = dir.resolve("out.txt");

    AtomicFiles.write(target, new byte[] {1});

    assertEquals(
        PosixFilePermissions.toString(Files.getPosixFilePermissions(plain)),
        PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
  }

  @Test
  void keepsThePermissionsOfTheFileItReplaces() throws IOException {
    Path target = Files.write(dir.resolve("out.txt"), new byte[] {1});
    Set<PosixFilePermission> chosen = PosixFilePermissions.fromString("rw-r-----");
    Files.setPosixFilePermissions(target, chosen);

    AtomicFiles.write(target, new byte[] {2});

    assertEquals(chosen, Files.getPosixFilePermissions(target));
    assertArrayEquals(new byte[] {2}, Files.readAllBytes(target));
  }

  @Test
  void failsWhenTheDirectoryDoesNotExist() {
    Path target = dir.resolve("missing").resolve("out.txt");

    assertThrows(IOException.class, () -> AtomicFiles.write(target, new byte[] {1}));
    assertTrue(Files.notExists(target));
  }

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }
}
