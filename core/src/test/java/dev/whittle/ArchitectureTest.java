package dev.whittle;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/** Dependency rules between Whittle's packages, on the production classes only. */
class ArchitectureTest {
  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.whittle");

  @Test
  void theApiNeverDependsOnTheEngine() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.api..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.whittle.engine..")
        .check(PRODUCTION);
  }

  @Test
  void reducersOnlyKnowTheCandidateTesterNotTheOracleLoop() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.engine.reducers..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.whittle.engine.loop..")
        .check(PRODUCTION);
  }

  @Test
  void publicEngineTypesAreMarkedInternal() {
    classes()
        .that()
        .resideInAPackage("dev.whittle.engine..")
        .and()
        .haveModifier(JavaModifier.PUBLIC)
        .and()
        .areTopLevelClasses()
        .should()
        .beAnnotatedWith(API.class)
        .check(PRODUCTION);
  }

  @Test
  void formatGenericPassesAndTheCommandOracleStayOffTheReductionInternals() {
    noClasses()
        .that()
        .resideInAnyPackage("dev.whittle.engine.passes..", "dev.whittle.engine.command..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.whittle.engine.loop..",
            "dev.whittle.engine.reducers..",
            "dev.whittle.engine.sequence..")
        .check(PRODUCTION);
  }

  @Test
  void theTopLevelPackagesAreFreeOfCycles() {
    slices().matching("dev.whittle.(*)..").should().beFreeOfCycles().check(PRODUCTION);
  }

  /**
   * Every package is its own slice, except that the API and its service provider interface form
   * one: {@code api.spi.ReductionEngine} takes a {@code Reduction}, which finds the engine through
   * it, a cycle by design. {@code slices().matching("dev.whittle.(**)")} reports exactly that
   * cycle, and {@code "dev.whittle.engine.(**)"} would leave out the engine's root package.
   */
  @Test
  void everyPackageIsFreeOfCycles() {
    slices().assignedFrom(PACKAGES_WITH_API_AS_ONE).should().beFreeOfCycles().check(PRODUCTION);
  }

  private static final SliceAssignment PACKAGES_WITH_API_AS_ONE =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String name = javaClass.getPackageName();
          if (name.equals("dev.whittle.api") || name.startsWith("dev.whittle.api.")) {
            return SliceIdentifier.of("dev.whittle.api");
          }
          return name.startsWith("dev.whittle.")
              ? SliceIdentifier.of(name)
              : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "packages of dev.whittle, with dev.whittle.api and its subpackages as one";
        }
      };
}
