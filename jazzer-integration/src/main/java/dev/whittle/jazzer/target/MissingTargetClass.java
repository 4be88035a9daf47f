package dev.whittle.jazzer.target;

import dev.whittle.jazzer.finding.ClassLocations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What the class path says about a fuzz target class it does not hold: the entries that are files
 * but no readable jar (a corrupt or truncated download), and the classes of the same simple name it
 * holds in other packages (a name given without its package, or with the wrong one).
 */
final class MissingTargetClass {
  /** How many classes of the same simple name are named; a class path rarely has more. */
  private static final int SHOWN_CLASSES = 5;

  /** How many files of a directory entry are looked at, so that a huge tree cannot stall. */
  private static final long MAX_FILES = 200_000;

  private static final String CLASS_FILE = ".class";

  private MissingTargetClass() {}

  /** The hints for {@code className} on {@code classPath}, each starting with "; ", or "". */
  static String hints(String className, List<URL> classPath) {
    StringBuilder hints = new StringBuilder();
    String simpleName = className.substring(className.lastIndexOf('.') + 1);
    TreeSet<String> sameSimpleName = new TreeSet<>();
    for (URL url : classPath) {
      Optional<Path> entry = ClassLocations.pathOf(url);
      if (entry.isEmpty()) {
        continue;
      }
      if (Files.isDirectory(entry.get())) {
        sameSimpleName.addAll(classesIn(entry.get(), simpleName));
      } else if (Files.isRegularFile(entry.get())) {
        try (ZipFile jar = new ZipFile(entry.get().toFile())) {
          sameSimpleName.addAll(classesIn(jar, simpleName));
        } catch (IOException e) {
          hints
              .append("; class path entry ")
              .append(entry.get())
              .append(" is not a readable jar (")
              .append(e.getMessage())
              .append("): no class can be loaded from it");
        }
      }
    }
    sameSimpleName.remove(className);
    if (!sameSimpleName.isEmpty()) {
      List<String> shown =
          new ArrayList<>(sameSimpleName)
              .subList(0, Math.min(SHOWN_CLASSES, sameSimpleName.size()));
      hints
          .append("; the class path has ")
          .append(String.join(", ", shown))
          .append(sameSimpleName.size() > shown.size() ? " and others" : "")
          .append(": give the target's fully qualified name, such as ")
          .append(shown.get(0));
    }
    return hints.toString();
  }

  private static List<String> classesIn(Path directory, String simpleName) {
    String fileName = simpleName + CLASS_FILE;
    try (Stream<Path> files = Files.walk(directory)) {
      return files
          .limit(MAX_FILES)
          .filter(file -> file.getFileName().toString().equals(fileName))
          .map(file -> className(directory.relativize(file).toString().replace('\\', '/')))
          .toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of(); // Only a hint: an unreadable directory gives none.
    }
  }

  private static List<String> classesIn(ZipFile jar, String simpleName) {
    String suffix = "/" + simpleName + CLASS_FILE;
    List<String> classes = new ArrayList<>();
    Enumeration<? extends ZipEntry> entries = jar.entries();
    while (entries.hasMoreElements()) {
      String name = entries.nextElement().getName();
      if ((name.endsWith(suffix) || name.equals(simpleName + CLASS_FILE))
          && !name.startsWith("META-INF/")) {
        classes.add(className(name));
      }
    }
    return classes;
  }

  private static String className(String resource) {
    return resource.substring(0, resource.length() - CLASS_FILE.length()).replace('/', '.');
  }
}
