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

/**
 * A fuzz test method named as {@code com.example.ParserFuzzTest#fuzzParser}, run as a standalone
 * target: the method of that name with one {@code byte[]} or {@code FuzzedDataProvider} parameter
 * (any visibility, declared in the class or a superclass), called on a new instance made with the
 * class's no-argument constructor for every run, as Jazzer's regression mode makes one per input.
 * No test framework is involved: {@code @BeforeEach} methods, parameter resolvers and extensions do
 * not run. This is what lets the class be loaded, and so instrumented, by Whittle's own loader.
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
  private final boolean takesDataProvider;

  private FuzzTestMethodEntry(
      Constructor<?> constructor, MethodHandle method, boolean takesDataProvider) {
    this.constructor = constructor;
    this.method = method;
    this.takesDataProvider = takesDataProvider;
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
    List<Method> found = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(methodName)
            && m.getParameterCount() == 1
            && (m.getParameterTypes()[0] == byte[].class
                || m.getParameterTypes()[0] == FuzzedDataProvider.class)) {
          found.add(m);
        }
      }
      if (!found.isEmpty()) {
        break;
      }
    }
    if (found.size() != 1) {
      throw new FuzzTargetLoadException(
          target,
          found.isEmpty()
              ? type.getName()
                  + " has no method "
                  + methodName
                  + "(byte[]) or "
                  + methodName
                  + "(FuzzedDataProvider)"
              : type.getName() + " has both " + methodName + "(byte[]) and (FuzzedDataProvider)");
    }
    Method chosen = found.get(0);
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
      handle = handle.asType(MethodType.methodType(void.class, Object.class, Object.class));
      return new FuzzTestMethodEntry(
          constructor, handle, chosen.getParameterTypes()[0] == FuzzedDataProvider.class);
    } catch (NoSuchMethodException e) {
      throw new FuzzTargetLoadException(
          target, type.getName() + " needs a constructor without parameters to run " + target, e);
    } catch (IllegalAccessException | RuntimeException e) {
      throw new FuzzTargetLoadException(target, "cannot access " + target + ": " + e, e);
    }
  }

  boolean takesDataProvider() {
    return takesDataProvider;
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
    self.method.invokeExact(instance, argument);
  }
}
