package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.base.Strings;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each kind of linkage failure named as the configuration problem it is. */
class LinkageProblemTest {
  private static final ClassLoader LOADER = LinkageProblemTest.class.getClassLoader();

  @Test
  void aMissingClassIsNamedAsMissingFromTheClassPath() {
    String reason =
        LinkageProblem.describe(
                new RuntimeException(new NoClassDefFoundError("org/apache/commons/io/IOUtils")),
                LOADER)
            .orElseThrow();

    assertTrue(
        reason.contains("class org.apache.commons.io.IOUtils is missing from the test class path"),
        reason);
  }

  @Test
  void aMissingMethodNamesItsClassAndTheEntryItCameFrom() {
    String reason =
        LinkageProblem.describe(
                new NoSuchMethodError(
                    "'java.lang.String com.google.common.base.Strings.lenientFormat2(int)'"),
                LOADER)
            .orElseThrow();

    String jar = Strings.class.getProtectionDomain().getCodeSource().getLocation().toString();
    assertTrue(reason.contains("com.google.common.base.Strings comes from " + jar), reason);
  }

  @Test
  void aFailedStaticInitializerIsNamed() {
    ExceptionInInitializerError error =
        new ExceptionInInitializerError(new IllegalStateException("no configuration"));

    String reason = LinkageProblem.describe(error, LOADER).orElseThrow();

    assertTrue(reason.contains("static initializer"), reason);
    assertTrue(reason.contains("IllegalStateException: no configuration"), reason);
  }

  @Test
  void theClassAFindingIsAboutIsTheMissingOneOrTheOwnerOfTheMissingMember() {
    assertEquals(
        Optional.of("org.apache.commons.io.IOUtils"),
        LinkageProblem.classNamed(
            NoClassDefFoundError.class.getName(), "org/apache/commons/io/IOUtils"));
    assertEquals(
        Optional.of("com.example.Codec"),
        LinkageProblem.classNamed(
            NoSuchMethodError.class.getName(), "'void com.example.Codec.decode(byte[])'"));
    assertEquals(
        Optional.of("com.example.Codec"),
        LinkageProblem.classNamed(
            NoSuchFieldError.class.getName(),
            "Class com.example.Codec does not have member field 'int LIMIT'"));
    assertEquals(
        Optional.empty(), LinkageProblem.classNamed(NoSuchFieldError.class.getName(), "LIMIT"));
  }

  @Test
  void anOrdinaryFailureIsNone() {
    assertEquals(
        Optional.empty(),
        LinkageProblem.describe(new ArrayIndexOutOfBoundsException("Index 9"), LOADER));
  }

  @Test
  void linkageClassesAreTheJdksLinkageErrorsAndClassNotFoundException() {
    assertTrue(LinkageProblem.isLinkageClass(NoSuchFieldError.class.getName()));
    assertTrue(LinkageProblem.isLinkageClass(ClassNotFoundException.class.getName()));
    assertTrue(!LinkageProblem.isLinkageClass(IllegalStateException.class.getName()));
    assertTrue(!LinkageProblem.isLinkageClass("com.example.NoSuchThing"));
  }
}
