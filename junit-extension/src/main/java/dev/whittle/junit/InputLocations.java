package dev.whittle.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a fuzz test's inputs are, found the way Jazzer 0.30.0 finds them ({@code
 * SeedArgumentsProvider.walkInputs}, {@code Utils.inputsDirectorySourcePath}): the class path copy
 * of {@code <pkg>/<SimpleName>Inputs/} (its files, not recursive) and of {@code
 * <pkg>/<SimpleName>Inputs/<method>/} (recursive), each sorted; a regression invocation's display
 * name is the file's name. Only inputs in directories are found, not in jars.
 */
final class InputLocations {
  private final Class<?> testClass;
  private final Method testMethod;

  InputLocations(Class<?> testClass, Method testMethod) {
    this.testClass = testClass;
    this.testMethod = testMethod;
  }

  /** {@code <SimpleName>Inputs}, as Jazzer names it. */
  String inputsDirectoryName() {
    return testClass.getSimpleName() + "Inputs";
  }

  /** {@code <pkg>/<SimpleName>Inputs/<method>}, relative to a resources root. */
  Path relativeMethodDirectory() {
    Path path = Path.of("");
    String packageName = testClass.getPackageName();
    if (!packageName.isEmpty()) {
      path = Path.of("", packageName.split("\\."));
    }
    return path.resolve(inputsDirectoryName()).resolve(testMethod.getName());
  }

  /** The class path directory of {@code <SimpleName>Inputs}, if the inputs are in a directory. */
  Optional<Path> classPathInputsDirectory() {
    URL url = testClass.getResource(inputsDirectoryName());
    if (url == null || !"file".equals(url.getProtocol())) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(url.toURI()));
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * The file a regression invocation named {@code displayName} read: among the files Jazzer walks,
   * in its order, those with that name, the first whose content is {@code bytes} when they are
   * known (one {@code byte[]} parameter), else the first.
   */
  Optional<Path> inputFile(String displayName, byte[] bytes) {
    Optional<Path> inputs = classPathInputsDirectory();
    if (inputs.isEmpty()) {
      return Optional.empty();
    }
    List<Path> named = new ArrayList<>();
    for (Path file : walk(inputs.get())) {
      if (file.getFileName().toString().equals(displayName)) {
        named.add(file);
      }
    }
    if (bytes != null) {
      for (Path file : named) {
        if (Arrays.equals(read(file), bytes)) {
          return Optional.of(file);
        }
      }
    }
    return named.stream().findFirst();
  }

  /** Jazzer's order: the class's shared inputs, then the method's, each sorted. */
  private List<Path> walk(Path classInputs) {
    List<Path> files = new ArrayList<>(filesIn(classInputs, 1));
    files.addAll(filesIn(classInputs.resolve(testMethod.getName()), Integer.MAX_VALUE));
    return files;
  }

  private static List<Path> filesIn(Path directory, int depth) {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> found =
        Files.find(
            directory,
            depth,
            (file, attributes) -> !attributes.isDirectory(),
            FileVisitOption.FOLLOW_LINKS)) {
      return found.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The directory where Jazzer's fuzzing mode writes this method's crash files: {@code
   * src/test/resources/<pkg>/<SimpleName>Inputs/<method>/} under its base directory when {@code
   * src/test/resources} exists there, else the base directory itself.
   */
  Path fuzzingCrashDirectory() {
    Path base =
        Path.of(
            System.getProperty("jazzer.internal.basedir", Path.of("").toAbsolutePath().toString()));
    Path resources = base.resolve("src").resolve("test").resolve("resources");
    return Files.isDirectory(resources) ? resources.resolve(relativeMethodDirectory()) : base;
  }

  static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
