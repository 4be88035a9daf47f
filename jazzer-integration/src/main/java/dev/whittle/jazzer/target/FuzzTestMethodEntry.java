package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A fuzz test method named as {@code com.example.ParserFuzzTest#fuzzParser}, run as a standalone
 * target: the method of that name (any visibility, declared in the class or a superclass) with one
 * {@code byte[]} or {@code FuzzedDataProvider} parameter, or else the only method of that name,
 * whose parameters Jazzer's mutation framework decodes from the bytes as Jazzer's regression mode
 * does ({@link FuzzTestArguments}; bytes the framework refuses make a run without a finding),
 * called on a new instance made with the class's no-argument constructor for every run, as Jazzer's
 * regression mode makes one per input. No test framework is involved: {@code @BeforeEach} methods,
 * parameter resolvers and extensions do not run. This is what lets the class be loaded, and so
 * instrumented, by Whittle's own loader.
 */
final class FuzzTestMethodEntry {
  static final String SEPARATOR = "#";

  private static final MethodHandle CALL;

  static {
    try {
      CALL =
          MethodHandles.lookup()
              .findStatic(
                  FuzzTestMethodEntry.class,
                  "call",
                  MethodType.methodType(void.class, FuzzTestMethodEntry.class, Object.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Constructor<?> constructor;
  private final MethodHandle method;
  private final Method chosen;

  /** The decoder of structured parameters; null for one {@code byte[]} or provider parameter. */
  private final FuzzTestArguments structured;

  private FuzzTestMethodEntry(
      Constructor<?> constructor,
      MethodHandle method,
      Method chosen,
      FuzzTestArguments structured) {
    this.constructor = constructor;
    this.method = method;
    this.chosen = chosen;
    this.structured = structured;
  }

  static boolean names(String target) {
    return target.contains(SEPARATOR);
  }

  static String className(String target) {
    int separator = target.indexOf(SEPARATOR);
    return separator < 0 ? target : target.substring(0, separator);
  }

  static String methodName(String target) {
    return target.substring(target.indexOf(SEPARATOR) + 1);
  }

  /**
   * The entry of {@code methodName} in {@code type}.
   *
   * @throws FuzzTargetLoadException naming the method if it is missing, ambiguous or cannot be
   *     called
   */
  static FuzzTestMethodEntry find(Class<?> type, String methodName) {
    String target = type.getName() + SEPARATOR + methodName;
    List<Method> found = methods(type, methodName, true);
    if (found.isEmpty()) {
      found = methods(type, methodName, false);
    }
    if (found.size() != 1) {
      throw new FuzzTargetLoadException(target, notOneMethod(type, methodName, found));
    }
    Method chosen = found.get(0);
    FuzzTestArguments structured =
        isSingleInput(chosen) ? null : FuzzTestArguments.forMethod(chosen, null);
    try {
      chosen.setAccessible(true);
      MethodHandle handle = MethodHandles.lookup().unreflect(chosen);
      Constructor<?> constructor = null;
      if (Modifier.isStatic(chosen.getModifiers())) {
        handle = MethodHandles.dropArguments(handle, 0, Object.class);
      } else {
        constructor = type.getDeclaredConstructor();
        constructor.setAccessible(true);
      }
      handle =
          structured != null
              ? handle.asSpreader(Object[].class, chosen.getParameterCount())
              : handle;
      handle =
          handle.asType(
              MethodType.methodType(
                  void.class, Object.class, structured != null ? Object[].class : Object.class));
      return new FuzzTestMethodEntry(constructor, handle, chosen, structured);
    } catch (NoSuchMethodException e) {
      throw new FuzzTargetLoadException(
          target, type.getName() + " needs a constructor without parameters to run " + target, e);
    } catch (IllegalAccessException | RuntimeException e) {
      throw new FuzzTargetLoadException(target, "cannot access " + target + ": " + e, e);
    }
  }

  /**
   * The methods named {@code methodName} of the nearest class up from {@code type} that has any:
   * those with one {@code byte[]} or provider parameter, or those with parameters at all.
   */
  private static List<Method> methods(Class<?> type, String methodName, boolean singleInput) {
    List<Method> found = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(methodName)
            && !m.isSynthetic()
            && m.getParameterCount() > 0
            && isSingleInput(m) == singleInput) {
          found.add(m);
        }
      }
      if (!found.isEmpty()) {
        break;
      }
    }
    return found;
  }

  private static boolean isSingleInput(Method m) {
    return m.getParameterCount() == 1
        && (m.getParameterTypes()[0] == byte[].class
            || m.getParameterTypes()[0] == FuzzedDataProvider.class);
  }

  private static String notOneMethod(Class<?> type, String methodName, List<Method> found) {
    if (found.isEmpty()) {
      return type.getName() + " has no method " + methodName + " with parameters";
    }
    return found.stream().allMatch(FuzzTestMethodEntry::isSingleInput)
        ? type.getName() + " has both " + methodName + "(byte[]) and (FuzzedDataProvider)"
        : type.getName()
            + " has "
            + found.size()
            + " methods named "
            + methodName
            + "; name a fuzz test method that is not overloaded";
  }

  boolean takesDataProvider() {
    return structured == null && chosen.getParameterTypes()[0] == FuzzedDataProvider.class;
  }

  /** How the method takes its input. */
  TargetRunner.InputKind inputKind() {
    return structured != null
        ? TargetRunner.InputKind.MUTATOR_ARGUMENTS
        : takesDataProvider()
            ? TargetRunner.InputKind.FUZZED_DATA_PROVIDER
            : TargetRunner.InputKind.BYTES;
  }

  /** The method, whose parameters a pass of structured parameters needs. */
  Method method() {
    return chosen;
  }

  /** The entry as {@code (Object)void}, as {@link FuzzTargetClass#entry()} gives it. */
  MethodHandle entry() {
    return MethodHandles.insertArguments(CALL, 0, this);
  }

  @SuppressWarnings("unused") // Called through CALL.
  private static void call(FuzzTestMethodEntry self, Object argument) throws Throwable {
    Object instance = null;
    if (self.constructor != null) {
      try {
        instance = self.constructor.newInstance();
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
    if (self.structured == null) {
      self.method.invokeExact(instance, argument);
      return;
    }
    Object[] values;
    try {
      values = self.structured.decode((byte[]) argument, UnaryOperator.identity());
    } catch (FuzzTestArguments.UndecodableException e) {
      return; // As in Jazzer's regression mode: bytes the framework refuses are no finding.
    }
    self.method.invokeExact(instance, values);
  }
}
