package dev.whittle.samples;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * Runs a compiled {@code Crash_<sha1>} reproducer without JUnit's launcher, which would take
 * seconds and add its own frames: its {@code @BeforeAll} methods, then each {@code @Test} method
 * that is not {@code @Disabled} on a new instance, then its {@code @AfterAll} methods, and exits 0
 * when all returned (the reproducer passes while its finding is there), 1 otherwise.
 *
 * <p>The test methods run on a fresh thread with the JVM's default stack size ({@code -Xss}), as
 * Whittle's in-process runs and its fresh-JVM check run the target, so that a stack overflow meets
 * the same stack; under JUnit the call would sit some 60 frames deeper on the main thread.
 *
 * <p>Arguments: {@code CLASSES_DIRECTORY CLASS_NAME}.
 */
public final class ReproducerRun {
  private ReproducerRun() {}

  public static void main(String[] args) throws Exception {
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {Path.of(args[0]).toUri().toURL()}, ReproducerRun.class.getClassLoader())) {
      Class<?> reproducer = Class.forName(args[1], true, loader);
      Throwable[] failure = new Throwable[1];
      Thread thread = new Thread(null, () -> failure[0] = runAll(reproducer), "reproducer", 0);
      thread.start();
      thread.join();
      if (failure[0] != null) {
        failure[0].printStackTrace();
        System.out.println("reproducer: FAILED " + failure[0]);
        System.exit(1);
      }
      System.out.println("reproducer: passed");
      System.exit(0);
    }
  }

  private static Throwable runAll(Class<?> reproducer) {
    try {
      invokeStatic(reproducer, "org.junit.jupiter.api.BeforeAll");
      for (Method method : reproducer.getDeclaredMethods()) {
        if (annotated(method, "org.junit.jupiter.api.Test")
            && !annotated(method, "org.junit.jupiter.api.Disabled")) {
          method.setAccessible(true);
          var constructor = reproducer.getDeclaredConstructor();
          constructor.setAccessible(true);
          method.invoke(constructor.newInstance());
        }
      }
      invokeStatic(reproducer, "org.junit.jupiter.api.AfterAll");
      return null;
    } catch (java.lang.reflect.InvocationTargetException e) {
      return e.getCause();
    } catch (Throwable e) {
      return e;
    }
  }

  private static void invokeStatic(Class<?> type, String annotation) throws Exception {
    for (Method method : type.getDeclaredMethods()) {
      if (annotated(method, annotation) && Modifier.isStatic(method.getModifiers())) {
        method.setAccessible(true);
        method.invoke(null);
      }
    }
  }

  private static boolean annotated(Method method, String annotation) {
    for (var present : method.getAnnotations()) {
      if (present.annotationType().getName().equals(annotation)) {
        return true;
      }
    }
    return false;
  }
}
