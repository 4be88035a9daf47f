package dev.whittle.jazzer.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.nio.file.Files;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * The layers of the Jazzer integration, bottom up: {@code jazzer.api} (the facade), {@code fdp},
 * {@code finding} (dedup token, classification), {@code runtime} (Jazzer's agent and hooks), {@code
 * target} (loading, isolation, watchdog, exit guard), {@code values}, {@code engine} (the one
 * minimization pipeline behind the facade), {@code output} (minimized files and reproducers); the
 * front ends {@code hook} and {@code cli} on top, each only through the facade and {@code output}.
 */
class JazzerIntegrationArchitectureTest {
  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.whittle");

  /** Packages a front end never reaches into: everything behind the facade. */
  private static final String[] BEHIND_THE_FACADE = {
    "dev.whittle.jazzer.target..",
    "dev.whittle.jazzer.finding..",
    "dev.whittle.jazzer.runtime..",
    "dev.whittle.jazzer.engine..",
    "dev.whittle.jazzer.values..",
    "dev.whittle.engine.loop..",
    "dev.whittle.engine.reducers..",
    "dev.whittle.engine.sequence.."
  };

  @Test
  void everyPackageIsFreeOfCycles() {
    slices()
        .assignedFrom(PACKAGES_WITH_SPI_AS_PART_OF_API)
        .should()
        .beFreeOfCycles()
        .check(PRODUCTION);
  }

  @Test
  void nothingBelowTheCommandLineDependsOnIt() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.whittle.cli..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.whittle.cli..")
        .check(PRODUCTION);
  }

  @Test
  void onlyTheCommandLineUsesPicocliAndGson() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.whittle.cli..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("picocli..", "com.google.gson..")
        .check(PRODUCTION);
  }

  @Test
  void theCrashHookGoesThroughTheFacadeAndOutput() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.jazzer.hook..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(BEHIND_THE_FACADE)
        .check(PRODUCTION);
  }

  @Test
  void theCommandLineGoesThroughTheFacadeAndOutput() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.cli..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(BEHIND_THE_FACADE)
        .check(PRODUCTION);
  }

  /** The core's engine is reached through the pass catalogue, the output package and facades. */
  @Test
  void theCommandLineNamesNothingOfTheCoresEngine() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.cli..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.whittle.engine..")
        .check(PRODUCTION);
  }

  /**
   * Only the output package writes result files, atomically and under its lock: the command line
   * neither writes, moves nor deletes a file itself.
   */
  @Test
  void theCommandLineWritesNoFileItself() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.cli..")
        .should()
        .callMethodWhere(WRITES_MOVES_OR_DELETES_A_FILE)
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("dev.whittle.engine.io.AtomicFiles")
        .check(PRODUCTION);
  }

  private static final Pattern FILE_CHANGING_METHOD =
      Pattern.compile(
          "write|writeString|move|copy|delete|deleteIfExists|create.*|newOutputStream"
              + "|newBufferedWriter|newByteChannel|setAttribute|setPosixFilePermissions"
              + "|setLastModifiedTime");

  private static final DescribedPredicate<JavaMethodCall> WRITES_MOVES_OR_DELETES_A_FILE =
      DescribedPredicate.describe(
          "Files.write*, move, copy, delete*, create* or newOutputStream/newBufferedWriter",
          call ->
              call.getTargetOwner().isEquivalentTo(Files.class)
                  && FILE_CHANGING_METHOD.matcher(call.getName()).matches());

  @Test
  void theFacadeNeverNamesItsImplementation() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.jazzer.api..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(BEHIND_THE_FACADE)
        .check(PRODUCTION);
  }

  @Test
  void findingIdentityKnowsNothingOfHowTargetsRun() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.jazzer.finding..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.whittle.jazzer.target..", "dev.whittle.jazzer.engine..")
        .check(PRODUCTION);
  }

  /** Public types behind the facade say so, as JUnit's and jqwik's do. */
  @Test
  void publicTypesBehindTheFacadeAreMarkedWithTheirApiStatus() {
    classes()
        .that()
        .resideInAnyPackage(
            "dev.whittle.jazzer.target..",
            "dev.whittle.jazzer.finding..",
            "dev.whittle.jazzer.runtime..",
            "dev.whittle.jazzer.engine..",
            "dev.whittle.jazzer.values..",
            "dev.whittle.jazzer.output..",
            "dev.whittle.jazzer.passes..",
            "dev.whittle.jazzer.command..",
            "dev.whittle.jazzer.fdp..",
            "dev.whittle.jazzer.hook..")
        .and()
        .haveModifier(JavaModifier.PUBLIC)
        .and()
        .areTopLevelClasses()
        .should()
        .beAnnotatedWith(API.class)
        .check(PRODUCTION);
  }

  private static final SliceAssignment PACKAGES_WITH_SPI_AS_PART_OF_API =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String name = javaClass.getPackageName();
          if (!name.startsWith("dev.whittle.")) {
            return SliceIdentifier.ignore();
          }
          return SliceIdentifier.of(
              name.endsWith(".api.spi") ? name.substring(0, name.length() - 4) : name);
        }

        @Override
        public String getDescription() {
          return "packages of dev.whittle, each API with its service provider interface as one";
        }
      };
}
