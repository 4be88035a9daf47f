package dev.whittle.jazzer.hook;

import dev.whittle.jazzer.output.MinimizationOutputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java reproducers Jazzer writes for its findings, {@code Crash_<sha1>.java} in {@code
 * --reproducer_path} (default the working directory), each holding the crashing input in Base64
 * ({@code ReproducerTemplate}: {@code base64Bytes = String.join("", "<chunk>", ...)}). libFuzzer
 * says it wrote {@code crash-<sha1>} whether or not it could; the reproducer, written apart from
 * it, still holds the input when the crash file is not there. As {@link CrashFiles}, a snapshot
 * taken when the JVM starts tells this run's reproducers from older ones.
 */
final class JazzerReproducers {
  private static final Pattern NAME = Pattern.compile("Crash_([0-9a-f]{40})\\.java");
  private static final Pattern BASE64 =
      Pattern.compile("base64Bytes\\s*=\\s*String\\.join\\(\"\",((?:\\s*\"[A-Za-z0-9+/=]*\",?)*)");
  private static final Pattern LITERAL = Pattern.compile("\"([A-Za-z0-9+/=]*)\"");

  /**
   * A finding Jazzer reported whose crash file does not exist, with its input from the reproducer.
   */
  record Announced(Path crash, Path reproducer, byte[] input) {}

  private final Path directory;
  private final Map<Path, FileTime> before;

  private JazzerReproducers(Path directory, Map<Path, FileTime> before) {
    this.directory = directory;
    this.before = before;
  }

  /** Notes the reproducers in {@code directory} as they are now. */
  static JazzerReproducers snapshot(Path directory) {
    JazzerReproducers empty =
        new JazzerReproducers(directory.toAbsolutePath().normalize(), Map.of());
    return new JazzerReproducers(empty.directory, empty.modifiedTimes());
  }

  /**
   * The findings whose reproducer was written since the snapshot but whose crash file, as {@code
   * crashFiles} names it, does not exist, oldest first; a reproducer whose input does not match its
   * name is none.
   */
  List<Announced> withoutCrashFile(CrashFiles crashFiles) {
    Map<Path, FileTime> now = modifiedTimes();
    List<Path> written = new ArrayList<>();
    for (Map.Entry<Path, FileTime> entry : now.entrySet()) {
      if (!entry.getValue().equals(before.get(entry.getKey()))) {
        written.add(entry.getKey());
      }
    }
    written.sort(Comparator.comparing(now::get));
    List<Announced> announced = new ArrayList<>();
    for (Path reproducer : written) {
      Matcher name = NAME.matcher(reproducer.getFileName().toString());
      if (!name.matches()) {
        continue;
      }
      String sha1 = name.group(1);
      Path crash = crashFiles.fileOf(sha1);
      if (Files.exists(crash)) {
        continue;
      }
      input(reproducer)
          .filter(input -> MinimizationOutputs.sha1Hex(input).equals(sha1))
          .ifPresent(input -> announced.add(new Announced(crash, reproducer, input)));
    }
    return announced;
  }

  /** The input {@code reproducer} holds; empty if it holds none in the form Jazzer writes. */
  static Optional<byte[]> input(Path reproducer) {
    String source;
    try {
      source = Files.readString(reproducer, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return Optional.empty();
    }
    Matcher base64 = BASE64.matcher(source);
    if (!base64.find()) {
      return Optional.empty();
    }
    StringBuilder joined = new StringBuilder();
    Matcher literal = LITERAL.matcher(base64.group(1));
    while (literal.find()) {
      joined.append(literal.group(1));
    }
    try {
      return Optional.of(Base64.getDecoder().decode(joined.toString()));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private Map<Path, FileTime> modifiedTimes() {
    Map<Path, FileTime> times = new HashMap<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "Crash_*.java")) {
      for (Path entry : entries) {
        try {
          times.put(
              entry, Files.readAttributes(entry, BasicFileAttributes.class).lastModifiedTime());
        } catch (IOException e) {
          // Gone or unreadable: no reproducer to read.
        }
      }
    } catch (IOException e) {
      // A missing directory holds no reproducers.
    }
    return times;
  }
}
