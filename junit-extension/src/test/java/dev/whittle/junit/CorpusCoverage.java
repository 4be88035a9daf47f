package dev.whittle.junit;

import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.FuzzTestLifecycle;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.target.TargetRunner;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;

/**
 * Whittle's own coverage of a set of corpus files for a fuzz test method, measured apart from the
 * minimization: the union of the features each file shows, on a runner of its own over Whittle's
 * copy of the test class, with every class probed.
 */
final class CorpusCoverage {
  private final Class<?> testClass;
  private final Method method;
  private final EdgeNames names = new EdgeNames();

  CorpusCoverage(Class<?> testClass, Method method) {
    this.testClass = testClass;
    this.method = method;
  }

  /** The union of the features of every file under {@code directories}. */
  Set<Long> of(List<Path> directories) throws IOException {
    Set<Long> features = new TreeSet<>();
    TargetOptions options =
        TargetOptions.of(FuzzTarget.testMethod(testClass, method, new BeforeEachOnly()));
    try (TargetRunner runner = TargetRunner.openWithCoverage(options, CoverageFilter.all())) {
      for (Path file : files(directories)) {
        for (long feature :
            runner.runWithCoverage(Files.readAllBytes(file), names, true).features()) {
          features.add(feature);
        }
      }
    }
    return features;
  }

  private static List<Path> files(List<Path> directories) throws IOException {
    List<Path> files = new java.util.ArrayList<>();
    for (Path directory : directories) {
      try (Stream<Path> found = Files.walk(directory)) {
        files.addAll(found.filter(Files::isRegularFile).sorted().toList());
      }
    }
    return files;
  }

  /** A fresh instance and its {@code @BeforeEach} methods, all the fixtures need. */
  private static final class BeforeEachOnly implements FuzzTestLifecycle {
    @Override
    public Object before(Class<?> testClass) throws Exception {
      Constructor<?> constructor = testClass.getDeclaredConstructor();
      constructor.setAccessible(true);
      Object instance = constructor.newInstance();
      for (Method m : testClass.getDeclaredMethods()) {
        if (m.isAnnotationPresent(BeforeEach.class)) {
          m.setAccessible(true);
          m.invoke(instance);
        }
      }
      return instance;
    }

    @Override
    public void after(Object instance) {}
  }
}
