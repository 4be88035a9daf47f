package dev.whittle.junit;

import dev.whittle.jazzer.api.FuzzTestLifecycle;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * JUnit Jupiter's lifecycle around one re-run of a fuzz test method: a new test instance (the one
 * instance when the class asks for {@code PER_CLASS}), made and set up through JUnit's own {@code
 * ExecutableInvoker} so that constructor and method parameters are resolved as in the real run,
 * then the {@code @BeforeEach} methods from the top of the hierarchy down; afterwards the
 * {@code @AfterEach} methods from the bottom up, all of them even when one throws.
 *
 * <p>Whittle runs its own copy of the test class (loaded again with its exit calls guarded), whose
 * static state is its own: for the copy, the {@code @BeforeAll} methods run once before the first
 * re-run and the {@code @AfterAll} methods after the last (on the one instance, with {@code
 * PER_CLASS}). For JUnit's own class, which JUnit has set up, there is nothing to do at class
 * level.
 *
 * <p>What it does not do, as re-running by reflection cannot: other extensions' callbacks ({@code
 * BeforeEachCallback}, {@code TestInstancePostProcessor}, ...) and an enclosing class's lifecycle
 * methods for a {@code @Nested} test; such tests may need their own set-up to reproduce.
 *
 * <p>A run whose set-up throws counts as one without a finding, as Jazzer reports only what the
 * test method throws; the set-ups that threw are counted and the first failure kept ({@link
 * #setUpFailures}), so that a shrinking that found nothing, or fewer failures than there were, can
 * say why.
 */
final class JUnitLifecycle implements FuzzTestLifecycle {
  private final ExtensionContext context;
  private final Class<?> testClass;
  private final boolean perClass;

  /** The one instance of each copy of a {@code PER_CLASS} test class. */
  private final Map<Class<?>, Object> perClassInstances = new ConcurrentHashMap<>();

  private final AtomicInteger setUps = new AtomicInteger();
  private final AtomicInteger failedSetUps = new AtomicInteger();
  private final AtomicReference<SetUpFailure> firstSetUpFailure = new AtomicReference<>();

  /**
   * What threw in a re-run's set-up: {@code where} names the step ({@code @BeforeEach Test.setUp},
   * making the instance), {@code thrown} is what it threw.
   */
  record SetUpFailure(String where, Throwable thrown) {}

  /**
   * How the re-runs' set-ups went, when any threw: how many of how many, the first failure.
   *
   * @param failed the set-ups that threw
   * @param of all set-ups so far
   */
  record SetUpFailures(int failed, int of, SetUpFailure first) {
    /** For example {@code 2 of 5 re-runs failed in set-up, ...: java.lang.X: message}. */
    String describe() {
      return String.format(
          Locale.ROOT,
          "%,d of %,d re-runs failed in set-up, before the test method ran; the first in %s: %s",
          failed,
          of,
          first.where(),
          first.thrown());
    }
  }

  /** The re-runs' set-up failures so far; empty when every set-up passed. */
  Optional<SetUpFailures> setUpFailures() {
    SetUpFailure first = firstSetUpFailure.get();
    return first == null
        ? Optional.empty()
        : Optional.of(new SetUpFailures(failedSetUps.get(), setUps.get(), first));
  }

  JUnitLifecycle(ExtensionContext context) {
    this.context = context;
    this.testClass = context.getRequiredTestClass();
    this.perClass =
        context.getTestInstanceLifecycle().orElse(TestInstance.Lifecycle.PER_METHOD)
            == TestInstance.Lifecycle.PER_CLASS;
  }

  @Override
  public void beforeAll(Class<?> runClass) throws Throwable {
    if (runClass == testClass) {
      return; // JUnit set its own class up.
    }
    Object instance = null;
    if (perClass) {
      instance = newInstance(runClass);
      perClassInstances.put(runClass, instance);
    }
    for (Method method : methods(runClass, BeforeAll.class, HierarchyTraversalMode.TOP_DOWN)) {
      invoke(method, instance);
    }
  }

  @Override
  public Object before(Class<?> runClass) throws Throwable {
    setUps.incrementAndGet();
    String where = "making the instance of " + runClass.getSimpleName();
    try {
      Object instance = perClass ? perClassInstance(runClass) : newInstance(runClass);
      for (Method method : methods(runClass, BeforeEach.class, HierarchyTraversalMode.TOP_DOWN)) {
        where =
            "@BeforeEach " + method.getDeclaringClass().getSimpleName() + "." + method.getName();
        invoke(method, instance);
      }
      return instance;
    } catch (Throwable t) {
      failedSetUps.incrementAndGet();
      firstSetUpFailure.compareAndSet(null, new SetUpFailure(where, t));
      throw t;
    }
  }

  @Override
  public void after(Object instance) throws Throwable {
    invokeAll(
        methods(instance.getClass(), AfterEach.class, HierarchyTraversalMode.BOTTOM_UP), instance);
  }

  @Override
  public void afterAll(Class<?> runClass) throws Throwable {
    if (runClass == testClass) {
      return; // JUnit tears its own class down.
    }
    Object instance = perClassInstances.remove(runClass);
    invokeAll(methods(runClass, AfterAll.class, HierarchyTraversalMode.BOTTOM_UP), instance);
  }

  private static List<Method> methods(
      Class<?> type, Class<? extends Annotation> annotation, HierarchyTraversalMode mode) {
    return AnnotationSupport.findAnnotatedMethods(type, annotation, mode);
  }

  /** A static method is called without the instance, as JUnit calls it. */
  private void invoke(Method method, Object instance) {
    context
        .getExecutableInvoker()
        .invoke(method, Modifier.isStatic(method.getModifiers()) ? null : instance);
  }

  /** Calls every one of {@code methods}; the first failure is thrown, the others suppressed. */
  private void invokeAll(List<Method> methods, Object instance) throws Throwable {
    Throwable first = null;
    for (Method method : methods) {
      try {
        invoke(method, instance);
      } catch (Throwable t) {
        if (first == null) {
          first = t;
        } else {
          first.addSuppressed(t);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private Object perClassInstance(Class<?> runClass) {
    if (runClass == testClass) {
      return context.getRequiredTestInstance();
    }
    Object instance = perClassInstances.get(runClass);
    if (instance == null) {
      throw new IllegalStateException("no @BeforeAll run for the copy of " + runClass.getName());
    }
    return instance;
  }

  private Object newInstance(Class<?> runClass) {
    Constructor<?> constructor = onlyConstructor(runClass);
    if (runClass.getEnclosingClass() != null && !Modifier.isStatic(runClass.getModifiers())) {
      return context.getExecutableInvoker().invoke(constructor, enclosingInstance(runClass));
    }
    return context.getExecutableInvoker().invoke(constructor);
  }

  /**
   * A {@code @Nested} class's enclosing instance: JUnit's own for JUnit's class; for a copy, a new
   * instance of the enclosing class's copy (whose lifecycle methods are not run, as for JUnit's).
   */
  private Object enclosingInstance(Class<?> runClass) {
    Class<?> enclosing = runClass.getEnclosingClass();
    if (runClass == testClass) {
      return context
          .getRequiredTestInstances()
          .findInstance(enclosing)
          .orElseThrow(() -> new IllegalStateException("no enclosing instance for " + runClass));
    }
    return newInstance(enclosing);
  }

  /** JUnit requires a test class to have exactly one constructor; it is the one JUnit used. */
  private static Constructor<?> onlyConstructor(Class<?> type) {
    Constructor<?>[] constructors = type.getDeclaredConstructors();
    if (constructors.length != 1) {
      throw new IllegalStateException(
          type.getName() + " must have exactly one constructor, has " + constructors.length);
    }
    return constructors[0];
  }
}
