package dev.whittle.junit;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;

/**
 * Where a shrunk regression input goes: the source directory the failing input came from, found
 * back from its class path copy ({@code target/test-classes/<pkg>/<Class>Inputs/<method>/...} gives
 * {@code src/test/resources/<pkg>/<Class>Inputs/<method>/...}), so that the next regression run
 * replays it; never only the class path copy, which the next build overwrites.
 */
final class Destinations {
  /**
   * @param directory where {@code minimized-<sha1>} goes
   * @param sourceOfOriginal the original's source file, if known, which is never overwritten
   * @param note what the user should know about the choice, or empty
   */
  record Destination(Path directory, Optional<Path> sourceOfOriginal, Optional<String> note) {}

  private Destinations() {}

  /**
   * @param classPathInputs the class path copy of {@code <pkg>/<Class>Inputs}
   * @param classPathFile the input file read, inside {@code classPathInputs}
   */
  static Destination forRegressionInput(
      ExtensionConfiguration config,
      InputLocations locations,
      Path classPathInputs,
      Path classPathFile) {
    Path classPathRoot = classPathRootOf(locations, classPathInputs);
    Path methodDirectory =
        classPathInputs.resolve(locations.relativeMethodDirectory().getFileName());
    // An input shared by all the class's methods (directly in <Class>Inputs/) is shrunk for this
    // method only, so its shrunk form goes to the method's own directory.
    Path relativeDirectory =
        classPathFile.startsWith(methodDirectory)
            ? classPathRoot.relativize(classPathFile.getParent())
            : locations.relativeMethodDirectory();
    Path relativeFile = classPathRoot.relativize(classPathFile);
    if (!config.rewriteInputs()) {
      Path output =
          config
              .outputDirectory()
              .orElseGet(() -> buildDirectory(classPathRoot).resolve("whittle-shrunk"));
      return new Destination(
          output.resolve(relativeDirectory),
          Optional.empty(),
          Optional.of("the Inputs directory is left alone (whittle.rewrite-inputs=false)"));
    }
    Optional<Path> resourcesRoot = config.resourcesRoot().or(() -> sourceRootOf(classPathRoot));
    if (resourcesRoot.isPresent()) {
      return new Destination(
          resourcesRoot.get().resolve(relativeDirectory),
          Optional.of(resourcesRoot.get().resolve(relativeFile)),
          Optional.empty());
    }
    return new Destination(
        classPathFile.getParent(),
        Optional.empty(),
        Optional.of(
            "no source directory found for "
                + classPathRoot
                + ", so it is only in the class path copy, which the next build overwrites: set"
                + " whittle.resources-root"));
  }

  /** The class path directory {@code <pkg>/<Class>Inputs} is in. */
  private static Path classPathRootOf(InputLocations locations, Path classPathInputs) {
    Path root = classPathInputs;
    int packageDepth = locations.relativeMethodDirectory().getNameCount() - 2;
    for (int i = 0; i <= packageDepth; i++) {
      root = root.getParent();
    }
    return root;
  }

  /**
   * The test resources source directory of a class path directory: Maven's {@code
   * target/test-classes} and Gradle's {@code build/resources/test} both give {@code
   * src/test/resources} of their project, when it exists.
   */
  static Optional<Path> sourceRootOf(Path classPathRoot) {
    Path absolute = classPathRoot.toAbsolutePath().normalize();
    Path project = null;
    if (absolute.endsWith(Path.of("target", "test-classes"))) {
      project = absolute.getParent().getParent();
    } else if (absolute.endsWith(Path.of("build", "resources", "test"))) {
      project = absolute.getParent().getParent().getParent();
    }
    if (project == null) {
      return Optional.empty();
    }
    Path resources = project.resolve("src").resolve("test").resolve("resources");
    return Files.isDirectory(resources) ? Optional.of(resources) : Optional.empty();
  }

  /**
   * The build directory {@code testClass} was loaded from: {@code target} of Maven's {@code
   * target/test-classes}, {@code build} of Gradle's {@code build/classes/java/test}; {@code target}
   * in the working directory when the class does not come from a directory.
   */
  static Path buildDirectoryOf(Class<?> testClass) {
    CodeSource source = testClass.getProtectionDomain().getCodeSource();
    try {
      if (source != null && source.getLocation() != null) {
        Path location = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        Path classes = location.getNameCount() > 3 ? location.getParent().getParent() : null;
        if (classes != null
            && classes.getFileName().toString().equals("classes")
            && classes.getParent().getFileName().toString().equals("build")) {
          return classes.getParent(); // Gradle's build/classes/java/test
        }
        if (Files.isDirectory(location) && location.getParent() != null) {
          return location.getParent();
        }
      }
    } catch (URISyntaxException | IllegalArgumentException e) {
      // Not a file: the working directory's target, below.
    }
    return Path.of("target").toAbsolutePath();
  }

  /** The build directory holding a class path directory ({@code target}, {@code build}). */
  private static Path buildDirectory(Path classPathRoot) {
    Path absolute = classPathRoot.toAbsolutePath().normalize();
    if (absolute.endsWith(Path.of("build", "resources", "test"))) {
      return absolute.getParent().getParent();
    }
    return absolute.getParent() != null ? absolute.getParent() : absolute;
  }
}
