package dev.whittle;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMembers;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.Subsequence;
import org.junit.jupiter.api.Test;

/**
 * The vocabulary of {@code docs/concepts.md} as rules: a content rewriter is a {@link Pass} and
 * named so, a sequence search is an algorithm and lives with the algorithms, one execution of the
 * target is a run. Each rule is also shown to fail on a class planted to break it.
 */
class NamingRulesTest {
  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.whittle");

  static final ArchRule PASSES_ARE_NAMED_PASS =
      classes()
          .that()
          .implement(Pass.class)
          .and()
          .areNotAnonymousClasses()
          .should()
          .haveSimpleNameEndingWith("Pass")
          .because("a content rewriter is a pass (docs/concepts.md)");

  static final ArchRule ALGORITHMS_LIVE_WITH_THE_ALGORITHMS =
      classes()
          .that()
          .implement(SequenceAlgorithm.class)
          .and()
          .areNotAnonymousClasses()
          .should()
          .resideInAPackage("dev.whittle.engine.algorithms..")
          .because("a search that deletes parts of a sequence is an algorithm");

  static final ArchRule NOTHING_IS_NAMED_REDUCER =
      noClasses()
          .should()
          .haveSimpleNameEndingWith("Reducer")
          .orShould()
          .haveSimpleNameEndingWith("Reducers")
          .because("a rewriter is a pass and a search an algorithm, never a reducer");

  static final ArchRule A_RUN_IS_NOT_A_CALL_OR_AN_ATTEMPT =
      noMembers()
          .that()
          .areDeclaredInClassesThat()
          .resideInAPackage("dev.whittle.api..")
          .should()
          .haveNameMatching(".*(Calls|Attempt|oracleCall).*")
          .because("one execution of the target is a run");

  static final ArchRule A_FAMILYS_CATALOGUE_MAKES_ITS_PASSES =
      classes()
          .that()
          .implement(Pass.class)
          .and()
          .areNotAnonymousClasses()
          .should()
          .notBePublic()
          .because(
              "a family's passes are made by its catalogue (BytePasses, TreePasses, ...) alone");

  static final ArchRule EVERY_FAMILY_SHOWS_ONLY_ITS_CATALOGUE =
      classes()
          .that()
          .resideInAnyPackage(
              "dev.whittle.engine.passes.bytes",
              "dev.whittle.engine.passes.fields",
              "dev.whittle.engine.passes.archives",
              "dev.whittle.engine.passes.text")
          .and()
          .arePublic()
          .should()
          .haveSimpleNameEndingWith("Passes")
          .because("one home per pass family, with one catalogue");

  @Test
  void theProductionClassesKeepTheVocabulary() {
    PASSES_ARE_NAMED_PASS.check(PRODUCTION);
    ALGORITHMS_LIVE_WITH_THE_ALGORITHMS.check(PRODUCTION);
    NOTHING_IS_NAMED_REDUCER.check(PRODUCTION);
    A_RUN_IS_NOT_A_CALL_OR_AN_ATTEMPT.check(PRODUCTION);
    A_FAMILYS_CATALOGUE_MAKES_ITS_PASSES.check(PRODUCTION);
    EVERY_FAMILY_SHOWS_ONLY_ITS_CATALOGUE.check(PRODUCTION);
  }

  @Test
  void eachRuleFailsOnAPlantedViolation() {
    JavaClasses planted =
        new ClassFileImporter().importClasses(LengthReducer.class, PlantedSearch.class);
    assertThrows(AssertionError.class, () -> PASSES_ARE_NAMED_PASS.check(planted));
    assertThrows(AssertionError.class, () -> ALGORITHMS_LIVE_WITH_THE_ALGORITHMS.check(planted));
    assertThrows(AssertionError.class, () -> NOTHING_IS_NAMED_REDUCER.check(planted));
    JavaClasses api = new ClassFileImporter().importClasses(dev.whittle.api.PlantedBudget.class);
    assertThrows(AssertionError.class, () -> A_RUN_IS_NOT_A_CALL_OR_AN_ATTEMPT.check(api));
    JavaClasses published = new ClassFileImporter().importClasses(PublishedPass.class);
    assertThrows(AssertionError.class, () -> A_FAMILYS_CATALOGUE_MAKES_ITS_PASSES.check(published));
    JavaClasses family =
        new ClassFileImporter()
            .importClasses(dev.whittle.engine.passes.text.PlantedTextHelper.class);
    assertThrows(AssertionError.class, () -> EVERY_FAMILY_SHOWS_ONLY_ITS_CATALOGUE.check(family));
  }

  /** A pass anyone may construct, past its family's catalogue. */
  public static final class PublishedPass implements Pass<byte[]> {
    @Override
    public String name() {
      return "planted";
    }

    @Override
    public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
      return current;
    }
  }

  /** A pass named the old way. */
  static final class LengthReducer implements Pass<byte[]> {
    @Override
    public String name() {
      return "planted";
    }

    @Override
    public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
      return current;
    }
  }

  /** An algorithm outside the algorithms' package. */
  static final class PlantedSearch implements SequenceAlgorithm {
    @Override
    public Subsequence reduce(Subsequence input, CandidateTester tester) {
      return input;
    }
  }
}
