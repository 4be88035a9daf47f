package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.finding.ClassLocations;
import dev.whittle.jazzer.finding.ClassPathProblems;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A fuzz target class's entry points, found the way Jazzer 0.30.0's standalone driver finds them:
 * {@code public static fuzzerTestOneInput(byte[])} or {@code (FuzzedDataProvider)}, exactly one of
 * them; {@code fuzzerInitialize(String[])} in preference to {@code fuzzerInitialize()}; {@code
 * fuzzerTearDown()}. Public static methods only; inherited ones count, as with {@link
 * Class#getMethod}. A name {@code Class#method} stands for a fuzz test method instead ({@link
 * FuzzTestMethodEntry}).
 */
final class FuzzTargetClass {
  static final String TEST_ONE_INPUT = "fuzzerTestOneInput";
  static final String INITIALIZE = "fuzzerInitialize";
  static final String TEAR_DOWN = "fuzzerTearDown";

  /** {@code (Object)void}, so that one invocation path serves both parameter types. */
  private static final MethodType ENTRY_TYPE = MethodType.methodType(void.class, Object.class);

  private final Class<?> targetClass;
  private final MethodHandle entry;
  private final boolean takesDataProvider;
  private final Optional<Method> initialize;
  private final Optional<Method> tearDown;

  /** A fuzz test method with structured parameters, whose bytes its entry decodes; else null. */
  private final Method structuredMethod;

  private FuzzTargetClass(
      Class<?> targetClass,
      MethodHandle entry,
      boolean takesDataProvider,
      Optional<Method> initialize,
      Optional<Method> tearDown,
      Method structuredMethod) {
    this.targetClass = targetClass;
    this.entry = entry;
    this.takesDataProvider = takesDataProvider;
    this.initialize = initialize;
    this.tearDown = tearDown;
    this.structuredMethod = structuredMethod;
  }

  /**
   * Loads {@code className} (or the class of {@code Class#method}) with {@code loader} without
   * initializing it (static initializers run on the first call, on the worker thread, as part of
   * {@code fuzzerInitialize} or the first run).
   *
   * @throws FuzzTargetLoadException naming the class if it is missing or has no usable entry point
   */
  static FuzzTargetClass load(String className, ClassLoader loader) {
    Class<?> targetClass;
    String ownName = FuzzTestMethodEntry.className(className);
    try {
      targetClass = Class.forName(ownName, false, loader);
    } catch (ClassNotFoundException e) {
      throw new FuzzTargetLoadException(
          className,
          "fuzz target class " + ownName + " cannot be loaded from the class path: " + e,
          e);
    } catch (LinkageError e) {
      // The class is there, but a class it extends or implements is not, or does not fit.
      throw new FuzzTargetLoadException(
          className,
          "fuzz target class "
              + ownName
              + " cannot be loaded from the class path: "
              + e
              + ClassPathProblems.diagnose(e, ClassLocations.of(loader))
                  .map(problem -> ": " + problem)
                  .orElse(""),
          e);
    }
    if (FuzzTestMethodEntry.names(className)) {
      FuzzTestMethodEntry method =
          FuzzTestMethodEntry.find(targetClass, FuzzTestMethodEntry.methodName(className));
      return new FuzzTargetClass(
          targetClass,
          method.entry(),
          method.takesDataProvider(),
          Optional.empty(),
          Optional.empty(),
          method.inputKind() == TargetRunner.InputKind.MUTATOR_ARGUMENTS ? method.method() : null);
    }
    return of(targetClass);
  }

  /**
   * The entry points of {@code targetClass}, already loaded by someone else.
   *
   * @throws FuzzTargetLoadException naming the class if it has no usable entry point
   */
  static FuzzTargetClass of(Class<?> targetClass) {
    String className = targetClass.getName();
    Optional<Method> bytes = publicStatic(targetClass, TEST_ONE_INPUT, byte[].class);
    Optional<Method> provider = publicStatic(targetClass, TEST_ONE_INPUT, FuzzedDataProvider.class);
    if (bytes.isPresent() == provider.isPresent()) {
      throw new FuzzTargetLoadException(
          className, wrongShapeMessage(targetClass, bytes.isPresent()));
    }
    Method entryMethod = provider.orElseGet(bytes::get);
    Optional<Method> initialize =
        publicStatic(targetClass, INITIALIZE, String[].class)
            .or(() -> publicStatic(targetClass, INITIALIZE));
    return new FuzzTargetClass(
        targetClass,
        entryHandle(className, entryMethod),
        provider.isPresent(),
        initialize,
        publicStatic(targetClass, TEAR_DOWN),
        null);
  }

  Class<?> targetClass() {
    return targetClass;
  }

  /** {@code fuzzerTestOneInput} as {@code (Object)void}. */
  MethodHandle entry() {
    return entry;
  }

  boolean takesDataProvider() {
    return takesDataProvider;
  }

  /** How the entry point takes its input. */
  TargetRunner.InputKind inputKind() {
    if (structuredMethod != null) {
      return TargetRunner.InputKind.MUTATOR_ARGUMENTS;
    }
    return takesDataProvider
        ? TargetRunner.InputKind.FUZZED_DATA_PROVIDER
        : TargetRunner.InputKind.BYTES;
  }

  /** The fuzz test method with structured parameters the entry calls, if it is one. */
  Optional<Method> structuredMethod() {
    return Optional.ofNullable(structuredMethod);
  }

  /** The entry points as a reproducer needs them. */
  FuzzTargetShape shape() {
    FuzzTargetShape.Initialize init =
        initialize
            .map(
                m ->
                    m.getParameterCount() == 0
                        ? FuzzTargetShape.Initialize.NO_ARGS
                        : FuzzTargetShape.Initialize.WITH_ARGS)
            .orElse(FuzzTargetShape.Initialize.NONE);
    return new FuzzTargetShape(
        targetClass.getName(), takesDataProvider, init, tearDown.isPresent());
  }

  Optional<Method> initialize() {
    return initialize;
  }

  Optional<Method> tearDown() {
    return tearDown;
  }

  private static MethodHandle entryHandle(String className, Method method) {
    try {
      method.setAccessible(true); // A public method of a non-public class needs it.
      return MethodHandles.lookup().unreflect(method).asType(ENTRY_TYPE);
    } catch (IllegalAccessException | RuntimeException e) {
      throw new FuzzTargetLoadException(
          className, "cannot access " + className + "." + TEST_ONE_INPUT + ": " + e, e);
    }
  }

  private static Optional<Method> publicStatic(Class<?> type, String name, Class<?>... params) {
    try {
      Method method = type.getMethod(name, params);
      int modifiers = method.getModifiers();
      return Modifier.isStatic(modifiers) && Modifier.isPublic(modifiers)
          ? Optional.of(method)
          : Optional.empty();
    } catch (NoSuchMethodException e) {
      return Optional.empty();
    } catch (LinkageError e) {
      // A class in a method's signature is missing or does not fit.
      throw new FuzzTargetLoadException(
          type.getName(),
          "cannot inspect fuzz target class "
              + type.getName()
              + ": "
              + e
              + ClassPathProblems.diagnose(e, ClassLocations.of(type.getClassLoader()))
                  .map(problem -> ": " + problem)
                  .orElse(""),
          e);
    }
  }

  private static String wrongShapeMessage(Class<?> targetClass, boolean hasBoth) {
    String found =
        Arrays.stream(targetClass.getDeclaredMethods())
            .filter(m -> m.getName().equals(TEST_ONE_INPUT))
            .map(FuzzTargetClass::describe)
            .collect(Collectors.joining("; "));
    return targetClass.getName()
        + (hasBoth ? " defines both" : " must define exactly one")
        + " of public static void "
        + TEST_ONE_INPUT
        + "(byte[]) and public static void "
        + TEST_ONE_INPUT
        + "(FuzzedDataProvider)"
        + (found.isEmpty() ? "; it has no method named " + TEST_ONE_INPUT : "; found: " + found);
  }

  private static String describe(Method method) {
    return Modifier.toString(method.getModifiers())
        + " "
        + method.getReturnType().getSimpleName()
        + " "
        + method.getName()
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", ", "(", ")"));
  }
}
