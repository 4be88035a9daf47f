package dev.whittle.jazzer.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The Jazzer API finds its implementation through a service; it never names it. */
class JazzerApiArchitectureTest {
  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.whittle.jazzer");

  @Test
  void theApiNeverDependsOnTheOracleInternals() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.jazzer.api..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.whittle.jazzer.oracle..")
        .check(PRODUCTION);
  }
}
