package dev.whittle.jazzer.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.targets.BothEntriesTarget;
import dev.whittle.jazzer.targets.DataProviderTarget;
import dev.whittle.jazzer.targets.InitializedTarget;
import dev.whittle.jazzer.targets.NoEntryTarget;
import org.junit.jupiter.api.Test;

class FuzzTargetClassTest {
  private static final ClassLoader LOADER = FuzzTargetClassTest.class.getClassLoader();

  @Test
  void aMissingClassIsNamed() {
    FuzzTargetLoadException e =
        assertThrows(
            FuzzTargetLoadException.class,
            () -> FuzzTargetClass.load("com.example.Missing", LOADER));
    assertEquals("com.example.Missing", e.targetClass());
    assertTrue(e.getMessage().contains("com.example.Missing"), e.getMessage());
  }

  @Test
  void anEntryOfTheWrongShapeIsNamedAndShown() {
    FuzzTargetLoadException e =
        assertThrows(
            FuzzTargetLoadException.class,
            () -> FuzzTargetClass.load(NoEntryTarget.class.getName(), LOADER));
    assertTrue(e.getMessage().startsWith(NoEntryTarget.class.getName()), e.getMessage());
    assertTrue(
        e.getMessage().contains("found: public boolean fuzzerTestOneInput(byte[])"),
        e.getMessage());
  }

  @Test
  void bothEntriesAreAmbiguous() {
    FuzzTargetLoadException e =
        assertThrows(
            FuzzTargetLoadException.class,
            () -> FuzzTargetClass.load(BothEntriesTarget.class.getName(), LOADER));
    assertTrue(e.getMessage().contains("defines both"), e.getMessage());
  }

  @Test
  void findsTheEntryKindAndPrefersInitializeWithArguments() {
    FuzzTargetClass provider = FuzzTargetClass.load(DataProviderTarget.class.getName(), LOADER);
    assertTrue(provider.takesDataProvider());
    assertTrue(provider.initialize().isEmpty());

    FuzzTargetClass initialized = FuzzTargetClass.load(InitializedTarget.class.getName(), LOADER);
    assertFalse(initialized.takesDataProvider());
    assertEquals(1, initialized.initialize().orElseThrow().getParameterCount());
    assertTrue(initialized.tearDown().isPresent());

    assertEquals(
        new FuzzTargetShape(
            InitializedTarget.class.getName(), false, FuzzTargetShape.Initialize.WITH_ARGS, true),
        initialized.shape());
    assertEquals(
        new FuzzTargetShape(
            DataProviderTarget.class.getName(), true, FuzzTargetShape.Initialize.NONE, false),
        provider.shape());
  }
}
