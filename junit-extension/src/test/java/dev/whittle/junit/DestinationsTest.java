package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.junit.fixtures.BytesFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a shrunk input goes, from where the failing one was read. */
class DestinationsTest {
  @TempDir Path project;

  private final InputLocations locations = locations();

  @Test
  void mavensClassPathCopyLeadsBackToSrcTestResources() throws IOException {
    Path resources = Files.createDirectories(project.resolve("src/test/resources"));
    Path inputs = classPathInputs(project.resolve("target/test-classes"));
    Path file = inputs.resolve("parse/nested/crash-1");

    Destinations.Destination destination =
        Destinations.forRegressionInput(config(true, null), locations, inputs, file);

    Path sourceInputs = resources.resolve("dev/whittle/junit/fixtures/BytesFixtureInputs");
    assertEquals(sourceInputs.resolve("parse/nested"), destination.directory());
    assertEquals(
        Optional.of(sourceInputs.resolve("parse/nested/crash-1")), destination.sourceOfOriginal());
    assertEquals(Optional.empty(), destination.note());
  }

  @Test
  void gradlesResourcesDirectoryLeadsBackToSrcTestResources() throws IOException {
    Path resources = Files.createDirectories(project.resolve("src/test/resources"));

    assertEquals(
        Optional.of(resources), Destinations.sourceRootOf(project.resolve("build/resources/test")));
  }

  @Test
  void anInputSharedByTheClassIsShrunkIntoTheMethodsOwnDirectory() throws IOException {
    Path resources = Files.createDirectories(project.resolve("src/test/resources"));
    Path inputs = classPathInputs(project.resolve("target/test-classes"));

    Destinations.Destination destination =
        Destinations.forRegressionInput(
            config(true, null), locations, inputs, inputs.resolve("shared-input"));

    assertEquals(
        resources.resolve("dev/whittle/junit/fixtures/BytesFixtureInputs/parse"),
        destination.directory());
  }

  @Test
  void theConfiguredResourcesRootWins() {
    Path root = project.resolve("elsewhere");
    Path inputs = classPathInputs(project.resolve("target/test-classes"));

    Destinations.Destination destination =
        Destinations.forRegressionInput(
            config(true, root), locations, inputs, inputs.resolve("parse/crash-1"));

    assertEquals(
        root.resolve("dev/whittle/junit/fixtures/BytesFixtureInputs/parse"),
        destination.directory());
  }

  @Test
  void withoutASourceDirectoryTheResultStaysBesideTheClassPathCopyAndSaysSo() {
    Path inputs = classPathInputs(project.resolve("out/test"));

    Destinations.Destination destination =
        Destinations.forRegressionInput(
            config(true, null), locations, inputs, inputs.resolve("parse/crash-1"));

    assertEquals(inputs.resolve("parse"), destination.directory());
    assertTrue(destination.note().orElseThrow().contains("whittle.resources-root"));
  }

  @Test
  void leavingTheInputsAloneWritesIntoTheBuildDirectory() throws IOException {
    Files.createDirectories(project.resolve("src/test/resources"));
    Path inputs = classPathInputs(project.resolve("target/test-classes"));

    Destinations.Destination destination =
        Destinations.forRegressionInput(
            config(false, null), locations, inputs, inputs.resolve("parse/crash-1"));

    assertEquals(
        project.resolve(
            "target/whittle-shrunk/dev/whittle/junit/fixtures/BytesFixtureInputs/parse"),
        destination.directory());
    assertTrue(destination.note().isPresent());
  }

  private static Path classPathInputs(Path classPathRoot) {
    return classPathRoot.resolve("dev/whittle/junit/fixtures/BytesFixtureInputs");
  }

  private static ExtensionConfiguration config(boolean rewrite, Path resourcesRoot) {
    return new ExtensionConfiguration(
        true,
        Algorithms.defaultAlgorithm(),
        Duration.ofSeconds(1),
        Duration.ofSeconds(1),
        Optional.ofNullable(resourcesRoot),
        rewrite,
        Optional.empty());
  }

  private static InputLocations locations() {
    try {
      return new InputLocations(
          BytesFixture.class, BytesFixture.class.getDeclaredMethod("parse", byte[].class));
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
