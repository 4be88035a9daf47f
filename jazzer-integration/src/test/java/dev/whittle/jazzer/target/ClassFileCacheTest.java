package dev.whittle.jazzer.target;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.base.Preconditions;
import dev.whittle.jazzer.targets.ExitCallsTarget;
import dev.whittle.jazzer.targets.FlakyTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The class files a runner's fresh loaders share: read and rewritten once per runner, while every
 * loader still defines and initializes classes of its own.
 */
class ClassFileCacheTest {
  @Test
  void eachClassIsReadAndRewrittenOncePerCacheNotOncePerLoader() throws Exception {
    Map<String, AtomicInteger> rewritten = new ConcurrentHashMap<>();
    ClassRewriter counting =
        (name, classFile) -> {
          rewritten.computeIfAbsent(name, ignored -> new AtomicInteger()).incrementAndGet();
          return classFile;
        };
    ClassFileCache cache = new ClassFileCache();
    List<Class<?>> loaded = new ArrayList<>();
    for (int run = 0; run < 3; run++) {
      try (TargetClassLoader loader = loader(List.of(counting), cache)) {
        loaded.add(loader.loadClass(FlakyTarget.class.getName()));
      }
    }

    assertEquals(
        1, rewritten.get(FlakyTarget.class.getName()).get(), "rewritten once: " + rewritten);
    assertNotSame(loaded.get(0), loaded.get(1), "each loader defines its own class");
    assertNotSame(loaded.get(1), loaded.get(2), "each loader defines its own class");
  }

  @Test
  void withoutACacheEveryLoaderReadsAndRewritesItsClassesItself() throws Exception {
    AtomicInteger rewritten = new AtomicInteger();
    ClassRewriter counting =
        (name, classFile) -> {
          if (name.equals(FlakyTarget.class.getName())) {
            rewritten.incrementAndGet();
          }
          return classFile;
        };
    for (int run = 0; run < 2; run++) {
      try (TargetClassLoader loader = loader(List.of(counting), null)) {
        loader.loadClass(FlakyTarget.class.getName());
      }
    }

    assertEquals(2, rewritten.get());
  }

  @Test
  void everyLoaderStartsFromFreshStaticStateFromTheSharedBytes() throws Exception {
    ClassFileCache cache = new ClassFileCache();
    for (int run = 0; run < 3; run++) {
      try (TargetClassLoader loader = loader(ClassRewriter.forTarget(true, null), cache)) {
        Method entry =
            loader
                .loadClass(FlakyTarget.class.getName())
                .getMethod("fuzzerTestOneInput", byte[].class);
        // FlakyTarget throws on its first call only; a class carried over would not throw.
        InvocationTargetException thrown =
            assertThrows(
                InvocationTargetException.class,
                () -> entry.invoke(null, (Object) "F".getBytes(UTF_8)),
                "run " + run);
        assertInstanceOf(IllegalStateException.class, thrown.getCause());
      }
    }
  }

  @Test
  void cachedClassesKeepTheirRewritingAndCodeSource() throws Exception {
    ClassFileCache cache = new ClassFileCache();
    for (int run = 0; run < 2; run++) {
      try (TargetClassLoader loader = loader(ClassRewriter.forTarget(true, null), cache)) {
        Class<?> target = loader.loadClass(ExitCallsTarget.class.getName());
        assertEquals(
            TargetPaths.codeSourceOf(ExitCallsTarget.class),
            TargetPaths.codeSourceOf(target),
            "run " + run);
        assertSame(loader, target.getClassLoader());
      }
    }
    ClassFileCache.ClassFile cached =
        cache
            .get(
                ExitCallsTarget.class.getName(),
                name -> {
                  throw new AssertionError("read again: " + name);
                })
            .orElseThrow();
    assertArrayEquals(ExitCallRewriter.rewrite(classFile(ExitCallsTarget.class)), cached.bytes());
  }

  @Test
  void aClosedLoaderDefinesNothingMoreThoughTheCacheHasIt() throws Exception {
    ClassFileCache cache = new ClassFileCache();
    // A parent without the test's classes, which would otherwise answer for the closed loader.
    ClassLoader platform = ClassLoader.getPlatformClassLoader();
    List<URL> classPath = TargetPaths.classPathUrls();
    try (TargetClassLoader first =
        new TargetClassLoader(classPath, platform, List.of(), new CurrentRun(), cache)) {
      first.loadClass(FlakyTarget.class.getName());
    }
    TargetClassLoader closed =
        new TargetClassLoader(classPath, platform, List.of(), new CurrentRun(), cache);
    closed.close();

    // As without the cache: a target left running after its run was abandoned (a timeout) cannot
    // go on loading classes from a closed loader.
    assertThrows(ClassNotFoundException.class, () -> closed.loadClass(FlakyTarget.class.getName()));
  }

  @Test
  void aClassTheClassPathLacksIsLookedUpOnceAndAFailedReadIsNot() throws Exception {
    ClassFileCache cache = new ClassFileCache();
    AtomicInteger reads = new AtomicInteger();
    ClassFileCache.Reader absent =
        name -> {
          reads.incrementAndGet();
          return Optional.empty();
        };

    assertEquals(Optional.empty(), cache.get("no.Such", absent));
    assertEquals(Optional.empty(), cache.get("no.Such", absent));
    assertEquals(1, reads.get());

    ClassFileCache.Reader failing =
        name -> {
          reads.incrementAndGet();
          throw new ClassNotFoundException(name);
        };
    assertThrows(ClassNotFoundException.class, () -> cache.get("broken.Class", failing));
    assertThrows(ClassNotFoundException.class, () -> cache.get("broken.Class", failing));
    assertEquals(3, reads.get(), "a failure is tried again");
  }

  @Test
  void classesOnlyTheParentHasAreTheParentsAndMissingOnesStayMissing() throws Exception {
    ClassFileCache cache = new ClassFileCache();
    for (int run = 0; run < 2; run++) {
      try (TargetClassLoader loader = loader(List.of(), cache)) {
        assertSame(Preconditions.class, loader.loadClass(Preconditions.class.getName()));
        ClassNotFoundException missing =
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("no.such.Type"));
        assertTrue(missing.getMessage().contains("no.such.Type"), missing.getMessage());
      }
    }
  }

  private static TargetClassLoader loader(List<ClassRewriter> rewriters, ClassFileCache cache) {
    List<URL> classPath = TargetPaths.classPathUrls();
    return new TargetClassLoader(
        classPath, ClassFileCacheTest.class.getClassLoader(), rewriters, new CurrentRun(), cache);
  }

  private static byte[] classFile(Class<?> type) throws Exception {
    try (var in = type.getResourceAsStream("/" + type.getName().replace('.', '/') + ".class")) {
      return in.readAllBytes();
    }
  }
}
