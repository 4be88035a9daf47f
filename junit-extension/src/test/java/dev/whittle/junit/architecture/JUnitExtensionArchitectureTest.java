package dev.whittle.junit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * The extension is a front end like {@code whittle minimize} and the crash hook: it reaches the one
 * minimization pipeline through the facade ({@code jazzer.api}) and writes through {@code
 * jazzer.output}, never through what is behind them, and never through the command line.
 */
class JUnitExtensionArchitectureTest {
  private static final JavaClasses EXTENSION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.whittle.junit");

  @Test
  void theExtensionNeverDependsOnTheCommandLine() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.junit..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.whittle.cli..", "picocli..", "com.google.gson..")
        .check(EXTENSION);
  }

  @Test
  void theExtensionGoesThroughTheFacadeAndOutput() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.junit..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.whittle.jazzer.target..",
            "dev.whittle.jazzer.finding..",
            "dev.whittle.jazzer.agent..",
            "dev.whittle.jazzer.passes..",
            "dev.whittle.jazzer.crash..",
            "dev.whittle.jazzer.values..",
            "dev.whittle.jazzer.fdp..",
            "dev.whittle.engine..")
        .check(EXTENSION);
  }

  /** Users see the annotations and the configuration keys; the extension itself is internal. */
  @Test
  void publicTypesAreTheAnnotationsTheKeysAndTheMarkedServiceClass() {
    classes()
        .that()
        .resideInAPackage("dev.whittle.junit")
        .and()
        .haveModifier(JavaModifier.PUBLIC)
        .and()
        .areNotAnnotations()
        .should()
        .beAnnotatedWith(API.class)
        .check(EXTENSION);
  }

  /** Jazzer is the user's: the extension names its classes only by string, so any 0.30 works. */
  @Test
  void onlyTheComposedAnnotationNamesJazzerJunit() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.junit..")
        .and()
        .doNotHaveSimpleName("ShrinkingFuzzTest")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("com.code_intelligence.jazzer.junit..")
        .check(EXTENSION);
  }

  /**
   * Every public top-level type says what users may rely on, {@code @API(status = ..., since =
   * ...)}, as JUnit 5 marks its own.
   */
  @Test
  void everyPublicTopLevelTypeDeclaresItsApiStatusAndSince() {
    classes()
        .that()
        .resideInAPackage("dev.whittle..")
        .and()
        .haveModifier(JavaModifier.PUBLIC)
        .and()
        .areTopLevelClasses()
        .should()
        .beAnnotatedWith(
            DescribedPredicate.describe(
                "@API with a since",
                annotation ->
                    annotation.getRawType().isEquivalentTo(API.class)
                        && !annotation.get("since").orElse("").toString().isEmpty()))
        .check(EXTENSION);
  }
}
