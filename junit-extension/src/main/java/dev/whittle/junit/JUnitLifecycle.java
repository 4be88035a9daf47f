package dev.whittle.junit;

import dev.whittle.jazzer.api.FuzzTestLifecycle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
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
 * <p>What it does not do, as re-running by reflection cannot: other extensions' callbacks ({@code
 * BeforeEachCallback}, {@code TestInstancePostProcessor}, ...) and an enclosing class's lifecycle
 * methods for a {@code @Nested} test; such tests may need their own set-up to reproduce.
 */
final class JUnitLifecycle implements FuzzTestLifecycle {
  private final ExtensionContext context;
  private final Class<?> testClass;
  private final List<Method> beforeEach;
  private final List<Method> afterEach;

  JUnitLifecycle(ExtensionContext context) {
    this.context = context;
    this.testClass = context.getRequiredTestClass();
    this.beforeEach =
        AnnotationSupport.findAnnotatedMethods(
            testClass, BeforeEach.class, HierarchyTraversalMode.TOP_DOWN);
    this.afterEach =
        AnnotationSupport.findAnnotatedMethods(
            testClass, AfterEach.class, HierarchyTraversalMode.BOTTOM_UP);
  }

  @Override
  public Object before() throws Throwable {
    Object instance = newInstance();
    for (Method method : beforeEach) {
      context.getExecutableInvoker().invoke(method, instance);
    }
    return instance;
  }

  @Override
  public void after(Object instance) throws Throwable {
    Throwable first = null;
    for (Method method : afterEach) {
      try {
        context.getExecutableInvoker().invoke(method, instance);
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

  private Object newInstance() {
    if (context.getTestInstanceLifecycle().orElse(TestInstance.Lifecycle.PER_METHOD)
        == TestInstance.Lifecycle.PER_CLASS) {
      return context.getRequiredTestInstance();
    }
    Constructor<?> constructor = onlyConstructor();
    if (testClass.getEnclosingClass() != null && !Modifier.isStatic(testClass.getModifiers())) {
      Object outer =
          context
              .getRequiredTestInstances()
              .findInstance(testClass.getEnclosingClass())
              .orElseThrow(
                  () -> new IllegalStateException("no enclosing instance for " + testClass));
      return context.getExecutableInvoker().invoke(constructor, outer);
    }
    return context.getExecutableInvoker().invoke(constructor);
  }

  /** JUnit requires a test class to have exactly one constructor; it is the one JUnit used. */
  private Constructor<?> onlyConstructor() {
    Constructor<?>[] constructors = testClass.getDeclaredConstructors();
    if (constructors.length != 1) {
      throw new IllegalStateException(
          testClass.getName() + " must have exactly one constructor, has " + constructors.length);
    }
    return constructors[0];
  }
}
