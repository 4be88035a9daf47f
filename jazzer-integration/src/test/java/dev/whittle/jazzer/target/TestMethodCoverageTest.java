package dev.whittle.jazzer.target;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTestLifecycle;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.bytecode.analysis.Features;
import dev.whittle.jazzer.targets.CoveredFuzzTest;
import dev.whittle.jazzer.targets.PlainTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link TargetRunner#openWithCoverage} for a fuzz test method: the runs count coverage on
 * Whittle's copy of the test class, through the caller's lifecycle, one fresh instance per run.
 */
class TestMethodCoverageTest {
  /** Records every call with the class or instance it was given. */
  private static final class RecordingLifecycle implements FuzzTestLifecycle {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    final Set<Object> instances = Collections.newSetFromMap(new IdentityHashMap<>());
    final Set<Class<?>> classes = Collections.newSetFromMap(new IdentityHashMap<>());

    @Override
    public void beforeAll(Class<?> testClass) {
      classes.add(testClass);
      events.add("beforeAll");
    }

    @Override
    public Object before(Class<?> testClass) throws ReflectiveOperationException {
      classes.add(testClass);
      Constructor<?> constructor = testClass.getDeclaredConstructor();
      constructor.setAccessible(true);
      Object instance = constructor.newInstance();
      testClass.getField("setUp").setBoolean(instance, true);
      instances.add(instance);
      events.add("before");
      return instance;
    }

    @Override
    public void after(Object instance) {
      events.add("after");
    }

    @Override
    public void afterAll(Class<?> testClass) {
      events.add("afterAll");
    }
  }

  @Test
  void coverageIsCountedOnTheTestsCopyWithTheLifecycleAroundEveryRun() throws Exception {
    RecordingLifecycle lifecycle = new RecordingLifecycle();
    EdgeNames names = new EdgeNames();
    int callsBefore = CoveredFuzzTest.calls;

    long[] a;
    long[] b;
    try (TargetRunner runner = open(lifecycle, true)) {
      a = runner.runWithCoverage("abcd".getBytes(UTF_8), names, true).features();
      long[] again = runner.runWithCoverage("abcd".getBytes(UTF_8), names, true).features();
      TargetRunner.CoveredRun other = runner.runWithCoverage("bb".getBytes(UTF_8), names, true);
      b = other.features();

      assertNull(other.finding(), "set up by the lifecycle, the test finds nothing");
      assertArrayEquals(a, again, "the same input shows the same features");
      assertEquals(
          List.of("beforeAll", "before", "after", "before", "after", "before", "after"),
          lifecycle.events);
    }

    assertEquals("afterAll", lifecycle.events.get(lifecycle.events.size() - 1));
    assertTrue(a.length > 0, "the copy's probes counted");
    assertFalse(Arrays.equals(a, b), "another branch, other features");
    assertEquals(Set.of(CoveredFuzzTest.class.getName()), classNames(names, a, b));
    assertEquals(3, lifecycle.instances.size(), "a fresh instance per run");
    assertEquals(1, lifecycle.classes.size(), "one copy per runner");
    Class<?> copy = lifecycle.classes.iterator().next();
    assertEquals(CoveredFuzzTest.class.getName(), copy.getName());
    assertNotEquals(
        CoveredFuzzTest.class, copy, "Whittle's copy of the class runs, not the framework's");
    assertEquals(callsBefore, CoveredFuzzTest.calls, "the framework's own class was never called");
  }

  @Test
  void coverageNeedsNoExitGuardToRunACopy() throws Exception {
    RecordingLifecycle lifecycle = new RecordingLifecycle();
    try (TargetRunner runner = open(lifecycle, false)) {
      long[] features = runner.runWithCoverage(new byte[] {'a'}, new EdgeNames(), true).features();

      assertTrue(features.length > 0);
    }
    assertFalse(lifecycle.classes.contains(CoveredFuzzTest.class));
  }

  @Test
  void aClassLoadedBySomeoneElseCannotGetProbes() {
    TargetOptions options = TargetOptions.of(FuzzTarget.loaded(PlainTarget.class));

    FuzzTargetLoadException e =
        assertThrows(
            FuzzTargetLoadException.class,
            () -> TargetRunner.openWithCoverage(options, CoverageFilter.all()));

    assertTrue(e.getMessage().contains("coverage probes"), e.getMessage());
    assertTrue(e.getMessage().contains(PlainTarget.class.getName()), e.getMessage());
  }

  @Test
  void aClassOnAClassPathGetsProbesInItsOwnLoader() {
    TargetOptions options =
        TargetOptions.of(
            FuzzTarget.onClassPath(PlainTarget.class.getName(), TargetPaths.classPath()));
    try (TargetRunner runner = TargetRunner.openWithCoverage(options, CoverageFilter.all())) {
      long[] features = runner.runWithCoverage(new byte[] {1}, new EdgeNames(), true).features();

      assertTrue(features.length > 0);
    }
  }

  private static TargetRunner open(FuzzTestLifecycle lifecycle, boolean exitGuard)
      throws NoSuchMethodException {
    Method parse = CoveredFuzzTest.class.getDeclaredMethod("parse", byte[].class);
    TargetOptions options =
        TargetOptions.of(FuzzTarget.testMethod(CoveredFuzzTest.class, parse, lifecycle))
            .withExitGuard(exitGuard);
    return TargetRunner.openWithCoverage(
        options, new CoverageFilter(List.of(CoveredFuzzTest.class.getName()), List.of()));
  }

  private static Set<String> classNames(EdgeNames names, long[]... featureSets) {
    Set<String> classes = new TreeSet<>();
    for (long[] features : featureSets) {
      for (long feature : features) {
        classes.add(names.className(Features.classId(feature)));
      }
    }
    return classes;
  }
}
