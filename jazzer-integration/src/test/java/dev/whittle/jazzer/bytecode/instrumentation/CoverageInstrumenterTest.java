package dev.whittle.jazzer.bytecode.instrumentation;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.bytecode.analysis.Features;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import dev.whittle.jazzer.targets.CoverageShapesTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Coverage probes as a round trip over real compiled classes: instrumented classes pass the JVM's
 * verifier (every class a non-boot loader defines is verified), behave as the originals do, and get
 * the same probe numbers in every load.
 */
class CoverageInstrumenterTest {
  private static final List<String> INPUTS =
      List.of(
          "", "a", "}", "FUZZ", "Aa", "BB", "\0x1", "xyz!", "hello world, fuzz", "\u00ff\u0001");

  @Test
  void everyNestedClassOfTheShapesTargetGetsProbesAndVerifies() throws Exception {
    int classesWithProbes = 0;
    for (String name : shapeClasses()) {
      CoverageInstrumenter.Instrumented instrumented =
          CoverageInstrumenter.instrument(classFile(name));
      if (instrumented.probes() > 0) {
        classesWithProbes++;
      }
    }
    // The target, Child, Parent, Shaped, Colour, Pair and the anonymous Shaped: all have code.
    assertTrue(classesWithProbes >= 7, "classes with probes: " + classesWithProbes);
    try (InstrumentingLoader loader = new InstrumentingLoader()) {
      for (String name : shapeClasses()) {
        Class<?> loaded = Class.forName(name, true, loader); // Links, so verifies.
        assertSame(loader, loaded.getClassLoader(), name);
      }
    }
  }

  @Test
  void instrumentedClassesBehaveAsTheOriginalsDo() throws Exception {
    try (InstrumentingLoader loader = new InstrumentingLoader()) {
      Method describe =
          loader
              .loadClass(CoverageShapesTarget.class.getName())
              .getMethod("describe", byte[].class);
      for (String input : INPUTS) {
        byte[] bytes = input.getBytes(UTF_8);
        assertEquals(
            CoverageShapesTarget.describe(bytes), describe.invoke(null, (Object) bytes), input);
      }
      assertTrue(loader.counters.probes() > 50, "probes: " + loader.counters.probes());
    }
  }

  @Test
  void theSameClassFileGetsTheSameProbesEveryTime() throws Exception {
    for (String name : shapeClasses()) {
      byte[] original = classFile(name);
      CoverageInstrumenter.Instrumented first = CoverageInstrumenter.instrument(original);
      CoverageInstrumenter.Instrumented second = CoverageInstrumenter.instrument(original);
      assertEquals(first.probes(), second.probes(), name);
      assertArrayEquals(first.classFile(), second.classFile(), name);
    }
  }

  @Test
  void twoLoadsGiveTheSameFeaturesForTheSameInputAndInputsDiffer() throws Exception {
    EdgeNames names = new EdgeNames();
    List<long[]> firstLoad = featuresOfEveryInput(names);
    List<long[]> secondLoad = featuresOfEveryInput(names);
    for (int i = 0; i < INPUTS.size(); i++) {
      assertArrayEquals(firstLoad.get(i), secondLoad.get(i), INPUTS.get(i));
    }
    Set<String> distinct = new LinkedHashSet<>();
    for (long[] features : firstLoad) {
      distinct.add(java.util.Arrays.toString(features));
    }
    assertEquals(INPUTS.size(), distinct.size(), "every input takes paths of its own");
  }

  /**
   * A site whose callee throws never reaches its own {@code athrow}: JaCoCo counts its branch by a
   * probe at the start of its line, and so must the features (issue 19: a held-out Gson corpus lost
   * the branch into {@code throw syntaxError(...)}).
   */
  @Test
  void sitesThatThrowWhatTheirCalleeThrowsAreToldApart() throws Exception {
    EdgeNames names = new EdgeNames();
    try (InstrumentingLoader loader = new InstrumentingLoader()) {
      Method sites =
          loader
              .loadClass(CoverageShapesTarget.class.getName())
              .getMethod("errorSites", byte[].class);
      List<String> seen = new ArrayList<>();
      for (int length = 0; length < 3; length++) {
        sites.invoke(null, (Object) new byte[length]); // Warm up.
        loader.counters.reset();
        sites.invoke(null, (Object) new byte[length]);
        seen.add(java.util.Arrays.toString(loader.counters.collect(names, false)));
      }
      assertEquals(3, new LinkedHashSet<>(seen).size(), seen.toString());
    }
  }

  @Test
  void hitCountsFallIntoLibFuzzersBuckets() {
    int[] counts = {1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 127, 128, 100_000, -5};
    int[] buckets = {0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7};
    for (int i = 0; i < counts.length; i++) {
      assertEquals(buckets[i], Features.bucket(counts[i]), "count " + counts[i]);
    }
    long feature = Features.feature(12, 345, 6);
    assertEquals(12, Features.classId(feature));
    assertEquals(345, Features.probe(feature));
    assertEquals(6, Features.bucketOf(feature));
  }

  @Test
  void aLoopCountsIntoHigherBucketsAndPlainEdgesIgnoreThem() throws Exception {
    EdgeNames names = new EdgeNames();
    try (InstrumentingLoader loader = new InstrumentingLoader()) {
      Method describe =
          loader
              .loadClass(CoverageShapesTarget.class.getName())
              .getMethod("describe", byte[].class);
      describe.invoke(null, (Object) "a".getBytes(UTF_8)); // Class initializers count here.
      long[] firstRun = loader.counters.collect(names, true);
      describe.invoke(null, (Object) "a".getBytes(UTF_8));
      long[] shortRun = loader.counters.collect(names, true);
      assertTrue(
          edgesOf(firstRun).containsAll(edgesOf(shortRun))
              && edgesOf(firstRun).size() > edgesOf(shortRun).size(),
          "the first run also shows the static initializers' edges");
      describe.invoke(null, (Object) "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".getBytes(UTF_8));
      long[] longRun = loader.counters.collect(names, true);
      assertNotEquals(bucketsOf(shortRun), bucketsOf(longRun));
      assertTrue(bucketsOf(longRun).contains(6), "the 40-byte loop reaches 32-127");
      describe.invoke(null, (Object) "a".getBytes(UTF_8));
      long[] plain = loader.counters.collect(names, false);
      assertEquals(Set.of(0), bucketsOf(plain));
      assertEquals(edgesOf(shortRun), edgesOf(plain));
    }
  }

  @Test
  void whittlesOwnClassesAreNeverInstrumentedAndGlobsNarrow() {
    CoverageFilter all = CoverageFilter.all();
    assertFalse(all.instruments("dev.whittle.jazzer.target.ExitTrap"));
    assertFalse(all.instruments("dev.whittle.engine.loop.OracleLoop"));
    assertTrue(all.instruments("dev.whittle.jazzer.targets.PlainTarget"));
    CoverageFilter narrowed =
        new CoverageFilter(List.of("com.example.*"), List.of("com.example.shaded.*"));
    assertTrue(narrowed.instruments("com.example.Parser"));
    assertFalse(narrowed.instruments("com.example.shaded.Lib"));
    assertFalse(narrowed.instruments("org.other.Parser"));
  }

  private static Set<Integer> bucketsOf(long[] features) {
    Set<Integer> buckets = new java.util.TreeSet<>();
    for (long feature : features) {
      buckets.add(Features.bucketOf(feature));
    }
    return buckets;
  }

  private static Set<Long> edgesOf(long[] features) {
    Set<Long> edges = new java.util.TreeSet<>();
    for (long feature : features) {
      edges.add(feature >>> Features.BUCKET_BITS);
    }
    return edges;
  }

  /** Each input run twice in a fresh load (the first run also counts class initializers). */
  private static List<long[]> featuresOfEveryInput(EdgeNames names) throws Exception {
    List<long[]> features = new ArrayList<>();
    try (InstrumentingLoader loader = new InstrumentingLoader()) {
      Method describe =
          loader
              .loadClass(CoverageShapesTarget.class.getName())
              .getMethod("describe", byte[].class);
      for (String input : INPUTS) {
        describe.invoke(null, (Object) input.getBytes(UTF_8)); // Warm up.
        loader.counters.reset();
        describe.invoke(null, (Object) input.getBytes(UTF_8));
        features.add(loader.counters.collect(names, true));
      }
    }
    return features;
  }

  private static List<String> shapeClasses() throws IOException {
    List<String> names = new ArrayList<>();
    java.nio.file.Path dir =
        TargetPaths.codeSourceOf(CoverageShapesTarget.class)
            .resolve(CoverageShapesTarget.class.getPackageName().replace('.', '/'));
    try (var files = java.nio.file.Files.list(dir)) {
      files
          .map(path -> path.getFileName().toString())
          .filter(file -> file.startsWith("CoverageShapesTarget") && file.endsWith(".class"))
          .sorted()
          .forEach(
              file ->
                  names.add(
                      CoverageShapesTarget.class.getPackageName()
                          + "."
                          + file.substring(0, file.length() - ".class".length())));
    }
    return names;
  }

  private static byte[] classFile(String name) throws IOException {
    try (InputStream in =
        CoverageInstrumenterTest.class.getResourceAsStream(
            "/" + name.replace('.', '/') + ".class")) {
      return in.readAllBytes();
    }
  }

  /** Child-first for the shapes target, every class instrumented, counting here. */
  private static final class InstrumentingLoader extends URLClassLoader
      implements ProbeCounters.Owner {
    final ProbeCounters counters = new ProbeCounters();

    InstrumentingLoader() {
      super(
          TargetPaths.classPathUrls().toArray(URL[]::new),
          CoverageInstrumenterTest.class.getClassLoader());
    }

    @Override
    public ProbeCounters probeCounters() {
      return counters;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        if (!name.startsWith(CoverageShapesTarget.class.getName())) {
          return super.loadClass(name, resolve);
        }
        Class<?> loaded = findLoadedClass(name);
        if (loaded == null) {
          byte[] original;
          try {
            original = classFile(name);
          } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
          }
          byte[] instrumented = CoverageInstrumenter.instrument(original).classFile();
          loaded = defineClass(name, instrumented, 0, instrumented.length);
        }
        return loaded;
      }
    }
  }
}
