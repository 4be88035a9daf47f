package dev.whittle.jazzer.finding;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Linkage errors that a run of a target throws say that its classes do not fit together (a jar
 * missing from the class path, or one of another version than the code calling it was compiled
 * against), not that the input found a bug: the JVM resolves a reference the same way whatever the
 * input, so on a broken class path most of a corpus "crashes" with one such error, and minimizing
 * it would chase the build. They are {@link LinkageError} and its subclasses ({@link
 * NoClassDefFoundError}, {@link NoSuchMethodError}, {@link NoSuchFieldError}, {@link
 * IncompatibleClassChangeError}, {@link UnsatisfiedLinkError}, {@link UnsupportedClassVersionError}
 * ...) and {@link ClassNotFoundException}, thrown or anywhere among the causes, except what a
 * failing static initializer throws ({@link ExceptionInInitializerError}, and the {@code
 * NoClassDefFoundError "Could not initialize class"} of later uses), which is the target's own code
 * failing, and a linkage error caused by a stack overflow or lack of memory (a bootstrap method
 * that ran out of stack), which is a resource finding.
 *
 * <p>So a target that generates and loads classes from its input (a compiler, a deserializer that
 * lets {@code ClassNotFoundException} escape) gets its linkage errors reported as a broken class
 * path, not minimized; such a target catches them, as it must for fuzzing to get anywhere.
 */
@API(status = INTERNAL, since = "0.1")
public final class ClassPathProblems {
  /** The message of a later use of a class whose static initializer failed. */
  private static final String FAILED_INITIALIZATION = "Could not initialize class";

  /** Frames of these packages are the JVM's and Whittle's, never the class that failed to link. */
  private static final List<String> NOT_CALLERS =
      List.of(
          "java.",
          "javax.",
          "jdk.",
          "sun.",
          "com.sun.",
          "dev.whittle.jazzer.target.",
          "dev.whittle.jazzer.agent.");

  private ClassPathProblems() {}

  /**
   * The linkage error that makes {@code thrown} a broken class path: {@code thrown} itself or one
   * of its causes; null when there is none.
   */
  public static Throwable linkageError(Throwable thrown) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable t = thrown; t != null && seen.add(t); t = t.getCause()) {
      if (isClassPathLinkageError(t)) {
        return t;
      }
    }
    return null;
  }

  private static boolean isClassPathLinkageError(Throwable t) {
    if (t instanceof ExceptionInInitializerError) {
      return false;
    }
    if (t instanceof NoClassDefFoundError
        && String.valueOf(safeMessage(t)).startsWith(FAILED_INITIALIZATION)) {
      return false;
    }
    return (t instanceof LinkageError || t instanceof ClassNotFoundException)
        && !causedByResourceExhaustion(t);
  }

  private static boolean causedByResourceExhaustion(Throwable t) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable cause = t.getCause(); cause != null && seen.add(cause); ) {
      if (cause instanceof VirtualMachineError) {
        return true;
      }
      cause = cause.getCause();
    }
    return false;
  }

  /**
   * What {@code thrown}'s linkage error says about the class path, or empty if it has none: the
   * missing class or member, the class whose code needed it, and the class path entries each comes
   * from, as {@code locator} finds them. The error's own class and message are not repeated.
   */
  public static Optional<String> diagnose(Throwable thrown, ClassLocator locator) {
    Throwable linkage = linkageError(thrown);
    if (linkage == null) {
      return Optional.empty();
    }
    String problem = problemOf(linkage, locator);
    return Optional.of(
        linkage == thrown
            ? problem
            : "caused by "
                + linkage.getClass().getName()
                + ": "
                + safeMessage(linkage)
                + ": "
                + problem);
  }

  private static String problemOf(Throwable linkage, ClassLocator locator) {
    String message = String.valueOf(safeMessage(linkage));
    String caller = callerOf(linkage);
    String callerWhere = caller == null ? "" : caller + " " + where(caller, locator);
    if (linkage instanceof NoClassDefFoundError || linkage instanceof ClassNotFoundException) {
      String missing = firstWord(message).replace('/', '.');
      Optional<String> found = locator.locate(missing);
      return "class "
          + missing
          + (found.isPresent()
              ? " is in " + found.get() + " but cannot be loaded from there"
              : " is missing: no entry of the target's class path (--cp) holds it")
          + (caller == null ? "" : "; " + callerWhere + " needs it");
    }
    Optional<String> owner = memberOwner(linkage, message);
    if (owner.isPresent()) {
      return owner.get()
          + " "
          + where(owner.get(), locator)
          + " is not the version "
          + (caller == null ? "the calling code" : callerWhere)
          + " was compiled against; put versions on --cp that fit together";
    }
    return linkage.getClass().getSimpleName()
        + (caller == null
            ? " in the target's classes"
            : " in the code of " + callerWhere + ": check that entry");
  }

  private static String where(String className, ClassLocator locator) {
    return locator.locate(className).map(entry -> "(from " + entry + ")").orElse("(from nowhere)");
  }

  /**
   * The class whose member is missing or changed: from {@code NoSuchMethodError}'s {@code "'int
   * com.example.Helper.work(byte[])'"}, or a message naming {@code "class com.example.Helper"}.
   */
  private static Optional<String> memberOwner(Throwable linkage, String message) {
    if (linkage instanceof NoSuchMethodError || linkage instanceof AbstractMethodError) {
      int paren = message.indexOf('(');
      String beforeParameters = paren < 0 ? message : message.substring(0, paren);
      String qualified = lastWord(beforeParameters.replace("'", ""));
      int dot = qualified.lastIndexOf('.');
      if (dot > 0) {
        return Optional.of(qualified.substring(0, dot).replace('/', '.'));
      }
    }
    for (String prefix : List.of("Class ", "class ", "interface ")) {
      int at = message.indexOf(prefix);
      if (at >= 0) {
        String name = firstWord(message.substring(at + prefix.length())).replace('/', '.');
        if (name.indexOf('.') > 0) {
          return Optional.of(name.replaceAll("[,:;']+$", ""));
        }
      }
    }
    return Optional.empty();
  }

  /** The innermost frame's class that is neither the JDK's nor Whittle's class loading. */
  private static String callerOf(Throwable linkage) {
    for (StackTraceElement frame : linkage.getStackTrace()) {
      String className = frame.getClassName();
      if (NOT_CALLERS.stream().noneMatch(className::startsWith)) {
        return className;
      }
    }
    return null;
  }

  private static String firstWord(String text) {
    String trimmed = text.trim();
    int space = trimmed.indexOf(' ');
    return space < 0 ? trimmed : trimmed.substring(0, space);
  }

  private static String lastWord(String text) {
    String trimmed = text.trim();
    return trimmed.substring(trimmed.lastIndexOf(' ') + 1);
  }

  private static String safeMessage(Throwable t) {
    try {
      return t.getMessage();
    } catch (RuntimeException | Error e) {
      return "<getMessage() threw " + e.getClass().getName() + ">";
    }
  }
}
