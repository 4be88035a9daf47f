package dev.whittle.junit;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.JvmGlobalState;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Intercepts the invocations of Jazzer {@code @FuzzTest} methods from outside Jazzer's own
 * interceptor and, when one fails with a finding, shrinks its input ({@link FailureShrinker}).
 * Every other test, and every passing invocation, goes through untouched. When asked ({@link
 * dev.whittle.junit.api.WhittleConfiguration#CORPUS}), it also minimizes each fuzz test's corpus
 * after its last invocation ({@link CorpusAtEnd}).
 *
 * <p>Public only because JUnit's extension auto-detection ({@code ServiceLoader}) needs a public
 * class; register it with {@link ShrinkFailingInputs}, {@link ShrinkingFuzzTest} or auto-detection,
 * never by name.
 */
@API(status = INTERNAL, since = "0.1")
public final class WhittleExtension implements InvocationInterceptor {
  static final String FUZZ_TEST = "com.code_intelligence.jazzer.junit.FuzzTest";
  static final String FINDING_EXCEPTION =
      "com.code_intelligence.jazzer.junit.FuzzTestFindingException";

  /** The display name of the one invocation that runs Jazzer's fuzzing loop. */
  static final String FUZZING_INVOCATION = "Fuzzing...";

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(WhittleExtension.class);

  /** ServiceLoader needs this constructor public. */
  public WhittleExtension() {}

  @Override
  public void interceptTestTemplateMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    if (isCorpusMinimized(invocationContext.getExecutable(), context)) {
      CorpusAtEnd.registerOnce(context, NAMESPACE);
    }
    // Passing invocations pay for this much only: lookups of per-method answers.
    if (!isActive(invocationContext.getExecutable(), context)) {
      invocation.proceed();
      return;
    }
    JvmGlobalState atStart = stateBeforeFirstInvocation(invocationContext.getExecutable(), context);
    if (isFuzzingInvocation(context)) {
      // Listed before the fuzzing loop runs, so that the crash it writes is the new file after it.
      Set<Path> crashesBefore =
          new FailureShrinker(context, () -> configuration(context)).crashFiles();
      try {
        invocation.proceed();
      } catch (Throwable failure) {
        // Never touch this invocation's arguments: they are placeholders that throw.
        throw isFinding(failure)
            ? reported(
                failure,
                () ->
                    fromStateAtStart(
                        atStart,
                        context,
                        shrinker -> shrinker.shrinkFuzzingCrash(failure, crashesBefore)))
            : failure;
      }
      return;
    }
    try {
      invocation.proceed();
    } catch (Throwable failure) {
      // Only Jazzer's wrapped finding: anything else (an assumption, an error of Jazzer's API, or
      // the report of a second registration of this extension inside this one) passes as it is.
      if (!isFinding(failure)) {
        throw failure;
      }
      throw reported(
          failure,
          () ->
              fromStateAtStart(
                  atStart,
                  context,
                  shrinker ->
                      shrinker.shrinkRegressionInput(failure, invocationContext.getArguments())));
    }
  }

  /**
   * The JVM-global state before the first invocation of {@code method}, captured then: Jazzer runs
   * every input in this JVM, so an input that changed the default locale or a system property
   * leaves it for the next, and the failing one may fail only because of it. A fresh JVM, where
   * Jazzer replays what Whittle writes, starts without it.
   */
  private static JvmGlobalState stateBeforeFirstInvocation(
      Method method, ExtensionContext context) {
    ExtensionContext owner = context.getParent().orElse(context);
    return owner
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            new StateAtStart(method), key -> JvmGlobalState.capture(), JvmGlobalState.class);
  }

  private record StateAtStart(Method method) {}

  /**
   * {@code shrink} by a shrinker for {@code context}, with the JVM's global state put back as
   * {@code atStart} held it, and the state the failure left put back afterwards, so that the tests
   * after this one run as without Whittle.
   */
  private static Throwable fromStateAtStart(
      JvmGlobalState atStart,
      ExtensionContext context,
      Function<FailureShrinker, Throwable> shrink) {
    JvmGlobalState asFailed = JvmGlobalState.capture();
    JvmGlobalState.Restored restored = atStart.restore();
    try {
      return shrink.apply(new FailureShrinker(context, () -> configuration(context), restored));
    } finally {
      asFailed.restore();
    }
  }

  /**
   * What the test reports: {@code shrink}'s failure, or {@code failure} itself with what went wrong
   * suppressed, should shrinking throw (a broken installation, a class of Whittle's missing): the
   * test's own failure is never replaced by one of Whittle's.
   */
  static Throwable reported(Throwable failure, Supplier<Throwable> shrink) {
    try {
      return shrink.get();
    } catch (Throwable shrinkingFailed) {
      try {
        failure.addSuppressed(shrinkingFailed);
      } catch (RuntimeException ignored) {
        // A failure that refuses suppressed exceptions is reported as it is.
      }
      return failure;
    }
  }

  /** Whether {@code method} is a fuzz test and shrinking is on, decided once per test method. */
  private static boolean isActive(Method method, ExtensionContext context) {
    ExtensionContext owner = context.getParent().orElse(context);
    return owner
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            method,
            key -> isFuzzTest(method) && ExtensionConfiguration.enabled(context),
            Boolean.class);
  }

  /**
   * Whether {@code method} is a fuzz test whose corpus is to be minimized ({@link
   * CorpusSettings#minimize}), decided once per test method; a malformed value fails the test.
   */
  private static boolean isCorpusMinimized(Method method, ExtensionContext context) {
    ExtensionContext owner = context.getParent().orElse(context);
    return owner
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            List.of(CorpusAtEnd.class, method),
            key -> isFuzzTest(method) && CorpusSettings.minimize(context),
            Boolean.class);
  }

  /**
   * Parsed once per test run, when a failure needs it: a malformed value never fails a passing
   * test, and a failing one reports its own failure with the key named as why nothing was shrunk.
   */
  private static ExtensionConfiguration configuration(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            ExtensionConfiguration.class,
            key -> ExtensionConfiguration.of(context),
            ExtensionConfiguration.class);
  }

  /** Fuzzing mode as Jazzer decides it: {@code JAZZER_FUZZ} true, 1 or yes, env or property. */
  static boolean isFuzzingInvocation(ExtensionContext context) {
    return FUZZING_INVOCATION.equals(context.getDisplayName())
        && (isTrue(System.getenv("JAZZER_FUZZ")) || isTrue(System.getProperty("JAZZER_FUZZ")));
  }

  private static boolean isTrue(String value) {
    if (value == null) {
      return false;
    }
    String v = value.trim().toLowerCase(Locale.ROOT);
    return v.equals("true") || v.equals("1") || v.equals("yes");
  }

  /** Jazzer wraps a finding in {@code FuzzTestFindingException}; anything else is not ours. */
  static boolean isFinding(Throwable failure) {
    for (Class<?> c = failure.getClass(); c != null; c = c.getSuperclass()) {
      if (c.getName().equals(FINDING_EXCEPTION)) {
        return true;
      }
    }
    return false;
  }

  /** Annotated with {@code @FuzzTest}, directly or through composed annotations; by name. */
  static boolean isFuzzTest(AnnotatedElement element) {
    return hasAnnotationNamed(element, FUZZ_TEST, new HashSet<>());
  }

  private static boolean hasAnnotationNamed(
      AnnotatedElement element, String name, Set<Class<?>> seen) {
    for (Annotation annotation : element.getAnnotations()) {
      Class<? extends Annotation> type = annotation.annotationType();
      if (type.getName().equals(name)) {
        return true;
      }
      if (seen.add(type) && hasAnnotationNamed(type, name, seen)) {
        return true;
      }
    }
    return false;
  }
}
