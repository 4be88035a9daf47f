package dev.whittle.junit;

import java.net.URL;
import java.security.CodeSource;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A failure that says the test's class path is wrong rather than that the input found a bug: a
 * {@link LinkageError} ({@code NoClassDefFoundError}, {@code NoSuchMethodError}, {@code
 * UnsupportedClassVersionError}, a failed static initializer...) or a {@link
 * ClassNotFoundException}, anywhere in the cause chain. Shrinking its input would only find the
 * smallest input that reaches the class; the user needs the class named and where to look.
 */
final class LinkageProblem {
  /** {@code 'void com.example.Codec.decode(byte[])'}: the owner is before the method's name. */
  private static final Pattern METHOD = Pattern.compile("([\\w$.]+)\\.[\\w$<>]+\\(");

  /** {@code Class com.example.Codec does not have member field 'int LIMIT'} (newer JDKs). */
  private static final Pattern FIELD = Pattern.compile("Class ([\\w$.]+) does not have member");

  private static final String COULD_NOT_INITIALIZE = "Could not initialize class ";

  private LinkageProblem() {}

  /**
   * Why {@code failure} (or a cause of it) is a configuration problem, naming the class and the
   * class path entry to check; empty if it is none.
   *
   * @param loader the test class's loader, where a class that is there is looked up
   */
  static Optional<String> describe(Throwable failure, ClassLoader loader) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof LinkageError || t instanceof ClassNotFoundException) {
        return Optional.of(describeOne(t, loader));
      }
    }
    return Optional.empty();
  }

  private static String describeOne(Throwable t, ClassLoader loader) {
    String message = t.getMessage() == null ? "" : t.getMessage();
    String seen = t.getClass().getName() + (message.isEmpty() ? "" : ": " + message);
    if (t instanceof ExceptionInInitializerError) {
      Throwable cause = t.getCause() != null ? t.getCause() : t;
      return "the static initializer of "
          + initializerOf(cause)
          + " failed ("
          + cause
          + "); every input that reaches the class fails the same way, so there is nothing to"
          + " shrink";
    }
    if (t instanceof NoClassDefFoundError && message.startsWith(COULD_NOT_INITIALIZE)) {
      return "class "
          + message.substring(COULD_NOT_INITIALIZE.length()).trim()
          + " could not be initialized, as its static initializer failed earlier in this JVM ("
          + seen
          + "); nothing to shrink";
    }
    if (t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException) {
      String missing = message.replace('/', '.').trim();
      return "class "
          + missing
          + " is missing from the test class path ("
          + seen
          + "): a configuration problem, not a bug the input finds; add the dependency that"
          + " provides "
          + missing
          + " to the test class path";
    }
    if (t instanceof UnsupportedClassVersionError) {
      return "a class was compiled for a newer Java than this JVM ("
          + System.getProperty("java.version")
          + "): "
          + seen
          + "; run the tests on that Java or compile for this one";
    }
    if (t instanceof IncompatibleClassChangeError) {
      Optional<String> owner = ownerOf(message);
      return "a class on the test class path is not the version the code calling it was compiled"
          + " against ("
          + seen
          + ")"
          + owner
              .map(
                  name ->
                      ": " + name + " comes from " + entryOf(name, loader) + "; align its version")
              .orElse(": align the versions of the test's dependencies")
          + ". A configuration problem, not a bug the input finds";
    }
    return "the JVM could not link the code the test runs ("
        + seen
        + "): a configuration problem, not a bug the input finds";
  }

  /** The class that declares the member a {@code NoSuchMethodError} and its kin name. */
  static Optional<String> ownerOf(String message) {
    for (Pattern pattern : List.of(METHOD, FIELD)) {
      Matcher matcher = pattern.matcher(message);
      if (matcher.find()) {
        return Optional.of(matcher.group(1));
      }
    }
    return Optional.empty();
  }

  /**
   * The class a linkage failure of {@code exceptionClassName} with {@code message} is about: the
   * missing class itself, or the owner of the missing member; empty if the message does not say.
   */
  static Optional<String> classNamed(String exceptionClassName, String message) {
    if (message == null || message.isBlank()) {
      return Optional.empty();
    }
    if (exceptionClassName.equals(NoClassDefFoundError.class.getName())
        || exceptionClassName.equals(ClassNotFoundException.class.getName())) {
      String text =
          message.startsWith(COULD_NOT_INITIALIZE)
              ? message.substring(COULD_NOT_INITIALIZE.length())
              : message;
      return Optional.of(text.trim().replace('/', '.'));
    }
    return ownerOf(message);
  }

  /** The class path entry {@code className} is loaded from, for the user to check. */
  private static String entryOf(String className, ClassLoader loader) {
    try {
      Class<?> type = Class.forName(className, false, loader);
      CodeSource source = type.getProtectionDomain().getCodeSource();
      URL location = source == null ? null : source.getLocation();
      return location == null ? "the JDK" : location.toString();
    } catch (ClassNotFoundException | LinkageError | SecurityException e) {
      return "no class path entry (" + e + ")";
    }
  }

  /** Whether a finding's exception class is a linkage error or {@code ClassNotFoundException}. */
  static boolean isLinkageClass(String className) {
    try {
      Class<?> type = Class.forName(className, false, ClassLoader.getPlatformClassLoader());
      return LinkageError.class.isAssignableFrom(type)
          || ClassNotFoundException.class.isAssignableFrom(type);
    } catch (ClassNotFoundException | LinkageError e) {
      return false; // Not one of the JDK's: the JDK's are the only linkage errors there are.
    }
  }

  private static String initializerOf(Throwable cause) {
    for (StackTraceElement frame : cause.getStackTrace()) {
      if (frame.getMethodName().equals("<clinit>")) {
        return frame.getClassName();
      }
    }
    return "a class the test uses";
  }
}
