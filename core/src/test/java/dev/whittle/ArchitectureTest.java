package dev.whittle;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.function.Predicate;
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
        .resideInAPackage("dev.whittle.engine.algorithms..")
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
        .beAnnotatedWith(apiWith(status -> status == API.Status.INTERNAL, "status INTERNAL"))
        .check(PRODUCTION);
  }

  /**
   * Every public type says how far a user may rely on it, and since when: {@code @API(status = ...,
   * since = ...)}, as JUnit 5 marks its own.
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
        .beAnnotatedWith(apiWith(status -> true, "a status"))
        .check(PRODUCTION);
  }

  /** An {@code @API} annotation with a non-empty {@code since} and a status that {@code test}s. */
  private static DescribedPredicate<JavaAnnotation<?>> apiWith(
      Predicate<API.Status> status, String description) {
    return DescribedPredicate.describe(
        "@API with " + description + " and a since",
        annotation -> {
          if (!annotation.getRawType().isEquivalentTo(API.class)) {
            return false;
          }
          Object since = annotation.get("since").orElse("");
          Object value = annotation.get("status").orElse(null);
          return !since.toString().isEmpty()
              && value instanceof JavaEnumConstant constant
              && status.test(API.Status.valueOf(constant.name()));
        });
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
            "dev.whittle.engine.algorithms..",
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
