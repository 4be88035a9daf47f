package dev.whittle.jazzer.target;

import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.finding.ClassLocator;
import dev.whittle.jazzer.finding.ClassPathProblems;
import java.util.List;

/**
 * What a target's initialization threw, with the step that threw it: its static initializer (with
 * the loading and linking of the classes it needs), or {@code fuzzerInitialize}. A target without
 * {@code fuzzerInitialize} can only fail in the first, and a message must not blame the second.
 */
final class InitializationFailure extends Exception {
  private static final long serialVersionUID = 1L;

  /** The steps of a target's initialization. */
  enum Step {
    /** {@code Class.forName(target, true, loader)}: loading, linking, static initializers. */
    STATIC_INITIALIZATION,
    /** The target's {@code fuzzerInitialize}, after its class is initialized. */
    FUZZER_INITIALIZE
  }

  private static final String CLINIT = "<clinit>";
  private static final String COULD_NOT_INITIALIZE = "Could not initialize class ";

  /** How much of a message is shown: a hostile one can be megabytes. */
  private static final int SHOWN_CHARS = 500;

  private final Step step;

  InitializationFailure(Step step, Throwable thrown) {
    super(step.name(), thrown, false, false);
    this.step = step;
  }

  Step step() {
    return step;
  }

  /**
   * The load error naming the class, what failed in it, and the cause's class and message; when
   * {@code fuzzerInitialize(String[])} indexed past the arguments it got, it says that they were
   * {@code targetArgs} and how to give them.
   */
  FuzzTargetLoadException toLoadException(
      String className, ClassLocator locator, List<String> targetArgs) {
    String message = describe(className, locator);
    if (step == Step.FUZZER_INITIALIZE && getCause() instanceof ArrayIndexOutOfBoundsException) {
      message +=
          targetArgs.isEmpty()
              ? "; it was called with no arguments: give them with --target-arg ARG, once per"
                  + " argument (withTargetArgs in the API)"
              : "; it was called with the arguments " + targetArgs;
    }
    return new FuzzTargetLoadException(className, message, getCause());
  }

  private String describe(String className, ClassLocator locator) {
    Throwable thrown = getCause();
    String what =
        step == Step.FUZZER_INITIALIZE
            ? FuzzTargetClass.INITIALIZE + " of " + className + " failed: "
            : "";
    return what + describeThrown(className, thrown, locator);
  }

  /** A failure of a static initializer, or of loading a class, or anything else thrown. */
  private String describeThrown(String className, Throwable thrown, ClassLocator locator) {
    if (thrown instanceof ExceptionInInitializerError) {
      Throwable cause = thrown.getCause();
      String failed = innermostInitializer(cause != null ? cause : thrown, className);
      return initializerFailed(failed, className, cause != null ? cause : thrown);
    }
    String message = messageOf(thrown);
    if (thrown instanceof NoClassDefFoundError
        && message != null
        && message.startsWith(COULD_NOT_INITIALIZE)) {
      return "static initializer of "
          + message.substring(COULD_NOT_INITIALIZE.length()).trim()
          + " failed earlier: "
          + oneLine(thrown)
          + (thrown.getCause() != null ? ", caused by " + oneLine(thrown.getCause()) : "");
    }
    var classPathProblem = ClassPathProblems.diagnose(thrown, locator);
    if (classPathProblem.isPresent()) {
      return (step == Step.STATIC_INITIALIZATION
              ? "the classes " + className + " needs cannot be loaded: "
              : "")
          + oneLine(thrown)
          + ": "
          + classPathProblem.get();
    }
    String failed = innermostInitializer(thrown, null);
    if (step == Step.STATIC_INITIALIZATION || failed != null) {
      return initializerFailed(failed != null ? failed : className, className, thrown);
    }
    return oneLine(thrown);
  }

  private String initializerFailed(String failed, String className, Throwable cause) {
    boolean another = step == Step.STATIC_INITIALIZATION && !failed.equals(className);
    return "static initializer of "
        + failed
        + " failed"
        + (another ? " (initializing " + className + ")" : "")
        + ": "
        + oneLine(cause);
  }

  /** The class of the innermost static initializer in {@code thrown}'s stack, or {@code dflt}. */
  private static String innermostInitializer(Throwable thrown, String dflt) {
    for (StackTraceElement frame : thrown.getStackTrace()) {
      if (frame.getMethodName().equals(CLINIT)) {
        return frame.getClassName();
      }
    }
    return dflt;
  }

  /** Class, message and innermost frame. */
  private static String oneLine(Throwable thrown) {
    StringBuilder text = new StringBuilder(thrown.getClass().getName());
    String message = messageOf(thrown);
    if (message != null) {
      String line = message.replace('\n', ' ').replace("\r", "");
      text.append(": ")
          .append(line.length() <= SHOWN_CHARS ? line : line.substring(0, SHOWN_CHARS) + "...");
    }
    StackTraceElement[] frames = thrown.getStackTrace();
    if (frames.length > 0) {
      text.append(" at ").append(frames[0]);
    }
    return text.toString();
  }

  private static String messageOf(Throwable thrown) {
    try {
      return thrown.getMessage();
    } catch (RuntimeException | Error e) {
      return "<getMessage() threw " + e.getClass().getName() + ">";
    }
  }
}
