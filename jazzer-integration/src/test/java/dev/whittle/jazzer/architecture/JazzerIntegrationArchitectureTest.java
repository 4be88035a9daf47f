package dev.whittle.jazzer.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import dev.whittle.engine.io.AtomicFiles;
import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.corpus.ForbiddenCorpusWrites;
import dev.whittle.jazzer.target.TargetRunner;
import dev.whittle.jazzer.target.TargetSpec;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FileWriter;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * The layers of the Jazzer integration, bottom up: {@code jazzer.api} (the facade), {@code fdp},
 * {@code finding} (dedup token, classification), {@code agent} (Jazzer's agent, the launcher agent
 * and hooks), {@code target} (the one runner: loading, isolation, watchdog, exit guard), {@code
 * values}, the engines behind the facade ({@code crash}, {@code corpus}, {@code engine}), {@code
 * output} (minimized files and reproducers, corpus outputs); the front ends {@code hook} and {@code
 * cli} on top, each only through the facade and {@code output}.
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
    "dev.whittle.jazzer.agent..",
    "dev.whittle.jazzer.corpus..",
    "dev.whittle.jazzer.crash..",
    "dev.whittle.jazzer.values..",
    "dev.whittle.engine.loop..",
    "dev.whittle.engine.algorithms..",
    "dev.whittle.engine.sequence.."
  };

  /** As in core's {@code NamingRulesTest}: a content rewriter is a pass and is named so. */
  private static final ArchRule PASSES_ARE_NAMED_PASS =
      classes()
          .that()
          .implement(dev.whittle.api.Pass.class)
          .and()
          .areNotAnonymousClasses()
          .and()
          .resideInAPackage("dev.whittle.jazzer..")
          .should()
          .haveSimpleNameEndingWith("Pass")
          .andShould()
          .resideInAnyPackage("dev.whittle.jazzer.values..", "dev.whittle.jazzer.passes..");

  @Test
  void passesAreNamedPassAndLiveWithTheValuesOrThePipelines() {
    PASSES_ARE_NAMED_PASS.check(PRODUCTION);
    JavaClasses planted = new ClassFileImporter().importClasses(ArgumentsReducer.class);
    // ArgumentsReducer is in dev.whittle.jazzer.architecture: misnamed and misplaced.
    assertThrows(AssertionError.class, () -> PASSES_ARE_NAMED_PASS.check(planted));
  }

  /** A pass named the old way, outside the passes' packages. */
  static final class ArgumentsReducer implements dev.whittle.api.Pass<byte[]> {
    @Override
    public String name() {
      return "planted";
    }

    @Override
    public byte[] reduce(byte[] current, dev.whittle.api.ContentTester<byte[]> tester) {
      return current;
    }
  }

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
        .resideInAnyPackage(
            "dev.whittle.jazzer.target..",
            "dev.whittle.jazzer.corpus..",
            "dev.whittle.jazzer.crash..")
        .check(PRODUCTION);
  }

  /**
   * The engines ask the target what it can do ({@link FuzzTarget}) and run every kind through the
   * one {@link TargetRunner}: they never name a kind of target, nor the runner's parts (its
   * lifecycles, loaders, workers), only the runner and the spec of a target it loads.
   */
  @Test
  void theEnginesNeverTellTargetKindsApart() {
    noClasses()
        .that()
        .resideInAnyPackage(ENGINES)
        .should()
        .dependOnClassesThat(TARGET_KINDS_AND_RUNNER_PARTS)
        .check(PRODUCTION);
  }

  /**
   * The corpus engine reaches the target, its runtime and the crash engine's pieces through {@code
   * CorpusTarget} alone, so that a change in how targets load and run is made in one place.
   */
  @Test
  void theCorpusEngineReachesTheTargetOnlyThroughCorpusTarget() {
    noClasses()
        .that()
        .resideInAPackage("dev.whittle.jazzer.corpus..")
        .and()
        .doNotHaveFullyQualifiedName("dev.whittle.jazzer.corpus.CorpusTarget")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.whittle.jazzer.target..",
            "dev.whittle.jazzer.agent..",
            "dev.whittle.jazzer.crash..")
        .check(PRODUCTION);
  }

  /** What {@link java.nio.file.Files} writes, moves, copies, creates or deletes files with. */
  private static final Pattern FILES_WRITING =
      Pattern.compile(
          "write.*|newOutputStream|newBufferedWriter|newByteChannel|move|copy|delete.*|create.*"
              + "|setAttribute|setPosixFilePermissions|setLastModifiedTime");

  private static final DescribedPredicate<JavaAccess<?>> WRITES_WITH_FILES =
      DescribedPredicate.describe(
          "a method of java.nio.file.Files that writes, moves, copies, creates or deletes",
          access ->
              access.getTargetOwner().isEquivalentTo(Files.class)
                  && FILES_WRITING.matcher(access.getName()).matches());

  /** A stream or file opened for writing on a path (not on a descriptor such as stderr's). */
  private static final DescribedPredicate<JavaAccess<?>> OPENS_A_FILE_FOR_WRITING =
      DescribedPredicate.describe(
          "a constructor of FileOutputStream, FileWriter or RandomAccessFile on a file",
          access ->
              access.getTarget() instanceof AccessTarget.CodeUnitAccessTarget target
                  && target.getName().equals("<init>")
                  && List.of(FileOutputStream.class, FileWriter.class, RandomAccessFile.class)
                      .stream()
                      .anyMatch(type -> target.getOwner().isEquivalentTo(type))
                  && target.getRawParameterTypes().stream()
                      .noneMatch(type -> type.isEquivalentTo(FileDescriptor.class)));

  /**
   * The engines decide what the output holds and the command line what to report; only {@code
   * jazzer.output} writes files, so that every result is written atomically, under its lock, and
   * every failure names the file, one way. The two exceptions write scratch files that are no
   * result: the input a fresh JVM replays, and Jazzer's agent jar extracted for attaching.
   */
  static final ArchRule ONLY_OUTPUT_WRITES_FILES =
      noClasses()
          .that()
          .resideInAnyPackage("dev.whittle.jazzer..", "dev.whittle.cli..")
          .and()
          .resideOutsideOfPackage("dev.whittle.jazzer.output..")
          .and()
          .doNotHaveFullyQualifiedName("dev.whittle.jazzer.crash.FreshJvmCheck")
          .and()
          .doNotHaveFullyQualifiedName("dev.whittle.jazzer.agent.JazzerAgent")
          .should()
          .accessTargetWhere(WRITES_WITH_FILES)
          .orShould()
          .accessTargetWhere(OPENS_A_FILE_FOR_WRITING)
          .orShould()
          .dependOnClassesThat()
          .belongToAnyOf(AtomicFiles.class);

  @Test
  void onlyTheOutputPackageWritesFiles() {
    ONLY_OUTPUT_WRITES_FILES.check(PRODUCTION);
  }

  /** The rule above would catch a write put back into the corpus package, whichever way. */
  @Test
  void theCorpusWriteRuleCatchesEveryWayOfWriting() {
    for (Class<?> writer :
        List.of(
            ForbiddenCorpusWrites.WritesWithFiles.class,
            ForbiddenCorpusWrites.DeletesByMethodReference.class,
            ForbiddenCorpusWrites.MovesWithFiles.class,
            ForbiddenCorpusWrites.WritesAtomically.class,
            ForbiddenCorpusWrites.WritesAStream.class)) {
      JavaClasses classes = new ClassFileImporter().importClasses(writer);
      assertThrows(
          AssertionError.class,
          () -> ONLY_OUTPUT_WRITES_FILES.check(classes),
          writer.getSimpleName());
    }
  }

  /** Public types behind the facade say so, as JUnit's and jqwik's do. */
  @Test
  void publicTypesBehindTheFacadeAreMarkedWithTheirApiStatus() {
    classes()
        .that()
        .resideInAnyPackage(
            "dev.whittle.jazzer.target..",
            "dev.whittle.jazzer.finding..",
            "dev.whittle.jazzer.agent..",
            "dev.whittle.jazzer.corpus..",
            "dev.whittle.jazzer.crash..",
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

  /** The packages of the crash and corpus engines. */
  private static final String[] ENGINES = {
    "dev.whittle.jazzer.crash..", "dev.whittle.jazzer.corpus.."
  };

  private static final DescribedPredicate<JavaClass> TARGET_KINDS_AND_RUNNER_PARTS =
      DescribedPredicate.describe(
          "are a kind of fuzz target or a part of the runner",
          javaClass ->
              (javaClass.isAssignableTo(FuzzTarget.class)
                      && !javaClass.isEquivalentTo(FuzzTarget.class))
                  || (javaClass.getPackageName().equals(TargetRunner.class.getPackageName())
                      && !javaClass.isEquivalentTo(TargetRunner.class)
                      && !javaClass.isEquivalentTo(TargetSpec.class)
                      && !javaClass
                          .getEnclosingClass()
                          .map(enclosing -> enclosing.isEquivalentTo(TargetRunner.class))
                          .orElse(false)));

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
        .check(PRODUCTION);
  }
}
