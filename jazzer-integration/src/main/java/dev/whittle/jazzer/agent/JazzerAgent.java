package dev.whittle.jazzer.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.jar.JarFile;
import org.apiguardian.api.API;

/**
 * Installs Jazzer 0.30.0's agent with its bug detectors (sanitizers) into this JVM, once, when
 * Jazzer's full runtime ({@code com.code-intelligence:jazzer}, not just {@code jazzer-api}) is on
 * Whittle's class path. whittle.jar bundles it.
 *
 * <p>What Jazzer's JUnit regression mode does ({@code FuzzTestExecutor.configureAndInstallAgent},
 * {@code AgentConfigurator.forRegressionTest}, {@code AgentInstaller.install}), with three
 * differences that keep it to about a second:
 *
 * <ul>
 *   <li>The options are set only where the user left them at their defaults ({@code
 *       OptItem.setIfDefault}; {@code jazzer.*} system properties and {@code JAZZER_*} variables
 *       win): {@code conditional_hooks=true} (hooks fire only while {@code
 *       JazzerInternal.hooksEnabled}, which {@link JazzerRuntime} sets around each attempt), {@code
 *       instrumentation_excludes=**} (no coverage instrumentation, only hooks, as in regression
 *       mode) and {@code trace=cov} (so the 680 compare and division tracing hooks, which apply
 *       only to coverage-instrumented classes, are not loaded).
 *   <li>The {@link Instrumentation} is the launcher agent's under {@code java -jar whittle.jar},
 *       else Byte Buddy's (self-attach, as Jazzer's {@code AgentInstaller} does).
 *   <li>Jazzer's transformer only sees classes of a {@link HookedClassLoader} and of the JDK (see
 *       {@link TargetOnlyInstrumentation}): {@code custom_hook_includes} cannot follow the targets
 *       of later minimizations once Jazzer has read it, a class loader can.
 * </ul>
 *
 * <p>Then it puts {@code jazzer_bootstrap.jar} (the detectors, {@code JazzerInternal}) on the boot
 * class path, switches the hooks off until an attempt switches them on, and runs Jazzer's
 * fuzz-target-ready callbacks (after which the SSRF detector refuses connections), as Jazzer's
 * {@code FuzzTargetRunner} does after {@code fuzzerInitialize}.
 *
 * <p>Installing is once per JVM and cannot be undone; {@link Mode} says when a minimization does
 * it. An agent Jazzer itself installed (Whittle running inside a Jazzer run or a {@code @FuzzTest})
 * is used as it is.
 */
@API(status = INTERNAL, since = "0.1")
public final class JazzerAgent {
  /**
   * System property with the {@link Mode}: {@code auto} (default), {@code always} or {@code off}.
   */
  public static final String PROPERTY = "whittle.jazzer.agent";

  /** When a minimization installs the agent. */
  public enum Mode {
    /**
     * The first time a crash gives no finding without it (then that crash is tried again): plain
     * exceptions keep their speed, sanitizer findings that throw nothing without the detectors (an
     * OS command that fails to start, a forbidden connection) get them. A crash that throws a plain
     * exception without the detectors is minimized on that exception, which may not be the finding
     * Jazzer reports for it.
     */
    AUTO,
    /** Before the first minimization: every finding is the one Jazzer reports, seconds later. */
    ALWAYS,
    /** Never: plain exceptions only. */
    OFF
  }

  /** The mode {@link #PROPERTY} asks for; anything unknown is {@link Mode#AUTO}. */
  public static Mode mode() {
    String value = System.getProperty(PROPERTY, "auto").trim();
    for (Mode mode : Mode.values()) {
      if (mode.name().equalsIgnoreCase(value)) {
        return mode;
      }
    }
    return Mode.AUTO;
  }

  static final String AGENT = "com.code_intelligence.jazzer.agent.Agent";
  private static final String AGENT_INSTALLER = "com.code_intelligence.jazzer.agent.AgentInstaller";
  private static final String OPT = "com.code_intelligence.jazzer.driver.Opt";
  private static final String LOG = "com.code_intelligence.jazzer.utils.Log";
  private static final String BYTE_BUDDY_AGENT =
      "com.code_intelligence.jazzer.third_party.net.bytebuddy.agent.ByteBuddyAgent";

  /** Fuzzing guidance on every regex node match, no detector: most of a regex-heavy run's time. */
  private static final String REGEX_ROADBLOCKS =
      "com.code_intelligence.jazzer.sanitizers.RegexRoadblocks";

  private static final String BOOTSTRAP_JAR =
      "/com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar";

  /**
   * Whether Jazzer's bug detectors are armed in this JVM, and why (not).
   *
   * @param installed whether sanitizer hooks instrument targets loaded from now on
   * @param message one line for a user: what was installed and how long it took, or why not
   */
  public record Status(boolean installed, String message) {}

  private static Status status;

  private JazzerAgent() {}

  /**
   * Installs the agent unless that has been tried before in this JVM; returns the outcome. Never
   * throws: without the agent, plain exceptions are still findings.
   */
  public static synchronized Status ensureInstalled() {
    if (status == null) {
      status = install();
    }
    return status;
  }

  /** The outcome so far, or null if no minimization has tried to install the agent yet. */
  public static synchronized Status current() {
    return status;
  }

  /** Whether {@code JazzerInternal} is on the boot class path, where the detectors report. */
  public static boolean onBootClassPath() {
    try {
      Class<?> internal =
          Class.forName(JazzerRuntime.JAZZER_INTERNAL, false, ClassLoader.getPlatformClassLoader());
      return internal.getClassLoader() == null;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static Status install() {
    if (mode() == Mode.OFF) {
      return new Status(false, "Jazzer's bug detectors are off (-D" + PROPERTY + "=off)");
    }
    ClassLoader whittle = JazzerAgent.class.getClassLoader();
    Class<?> agent;
    try {
      agent = Class.forName(AGENT, false, whittle);
    } catch (ClassNotFoundException | LinkageError e) {
      return new Status(
          false,
          "Jazzer's bug detectors are not available: Jazzer's runtime"
              + " (com.code-intelligence:jazzer:0.30.0) is not on Whittle's class path");
    }
    try {
      if (onBootClassPath() || !claimJazzersInstallation(whittle)) {
        armAfterInstall();
        return new Status(true, "Jazzer's bug detectors: using the agent Jazzer installed");
      }
      long start = System.nanoTime();
      configureOptions(whittle);
      quietenJazzersLog(whittle);
      Instrumentation instrumentation = instrumentation(whittle);
      instrumentation.appendToBootstrapClassLoaderSearch(extractBootstrapJar(agent));
      agent
          .getMethod("install", Instrumentation.class)
          .invoke(null, new TargetOnlyInstrumentation(instrumentation));
      armAfterInstall();
      long millis = (System.nanoTime() - start) / 1_000_000;
      return new Status(
          true, "Jazzer's bug detectors installed in " + millis + " ms (Jazzer's agent)");
    } catch (InvocationTargetException e) {
      return failed(e.getCause());
    } catch (ReflectiveOperationException | IOException | RuntimeException | LinkageError e) {
      return failed(e);
    }
  }

  private static Status failed(Throwable cause) {
    return new Status(
        false,
        "Jazzer's bug detectors are not available: installing Jazzer's agent failed: " + cause);
  }

  /**
   * Sets {@code AgentInstaller}'s once-per-JVM flag, so that Jazzer never installs its agent a
   * second time in this JVM; false if Jazzer has installed it already.
   */
  private static boolean claimJazzersInstallation(ClassLoader whittle)
      throws ReflectiveOperationException {
    Field flag = Class.forName(AGENT_INSTALLER, true, whittle).getDeclaredField("hasBeenInstalled");
    flag.setAccessible(true);
    return ((AtomicBoolean) flag.get(null)).compareAndSet(false, true);
  }

  private static void configureOptions(ClassLoader whittle) throws ReflectiveOperationException {
    Class<?> opt = Class.forName(OPT, true, whittle);
    setIfDefault(opt, "conditionalHooks", true);
    setIfDefault(opt, "instrumentationExcludes", List.of("**"));
    setIfDefault(opt, "trace", List.of("cov"));
    setIfDefault(opt, "disabledHooks", List.of(REGEX_ROADBLOCKS));
  }

  private static void setIfDefault(Class<?> opt, String field, Object value)
      throws ReflectiveOperationException {
    Object item = opt.getField(field).get(null);
    try {
      item.getClass().getMethod("setIfDefault", Object.class).invoke(item, value);
    } catch (InvocationTargetException e) {
      // IllegalStateException: read already (Jazzer is configured); its value stands.
      if (!(e.getCause() instanceof IllegalStateException)) {
        throw e;
      }
    }
  }

  /** Jazzer logs a line per hook class and per instrumented class; warnings and errors stay. */
  private static void quietenJazzersLog(ClassLoader whittle) throws ReflectiveOperationException {
    Class<?> log = Class.forName(LOG, true, whittle);
    log.getMethod("fixOutErr", PrintStream.class, PrintStream.class)
        .invoke(null, System.out, new PrintStream(new WithoutInfoLines(System.err), true));
  }

  private static Instrumentation instrumentation(ClassLoader whittle)
      throws ReflectiveOperationException {
    Instrumentation launched = LauncherAgent.instrumentation();
    if (launched != null) {
      return launched;
    }
    return (Instrumentation)
        Class.forName(BYTE_BUDDY_AGENT, true, whittle).getMethod("install").invoke(null);
  }

  private static JarFile extractBootstrapJar(Class<?> agent) throws IOException {
    try (InputStream in = agent.getResourceAsStream(BOOTSTRAP_JAR)) {
      if (in == null) {
        throw new IOException("no " + BOOTSTRAP_JAR + " in Jazzer's jar");
      }
      Path jar = Files.createTempFile("whittle-jazzer-bootstrap-", ".jar");
      jar.toFile().deleteOnExit();
      Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
      return new JarFile(jar.toFile());
    }
  }

  /** Hooks off outside attempts; Jazzer's fuzz-target-ready callbacks run (once per JVM). */
  private static void armAfterInstall() throws ReflectiveOperationException {
    Class<?> internal =
        Class.forName(JazzerRuntime.JAZZER_INTERNAL, true, ClassLoader.getPlatformClassLoader());
    internal.getField("hooksEnabled").setBoolean(null, false);
    try {
      internal.getMethod("onFuzzTargetReady", String.class).invoke(null, "");
    } catch (NoSuchMethodException e) {
      // Another Jazzer version: no callbacks to run.
    }
  }

  /** Drops the lines that start with {@code INFO: }; passes everything else on. */
  private static final class WithoutInfoLines extends OutputStream {
    private static final byte[] INFO = "INFO: ".getBytes(StandardCharsets.UTF_8);
    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    WithoutInfoLines(PrintStream target) {
      this.target = target;
    }

    @Override
    public synchronized void write(int b) {
      line.write(b);
      if (b == '\n') {
        flushLine();
      }
    }

    @Override
    public synchronized void flush() {
      // A partial line waits for its end: a prefix and its message arrive in separate writes.
    }

    private void flushLine() {
      byte[] bytes = line.toByteArray();
      line.reset();
      if (!startsWithInfo(bytes)) {
        target.write(bytes, 0, bytes.length);
        target.flush();
      }
    }

    private static boolean startsWithInfo(byte[] bytes) {
      if (bytes.length < INFO.length) {
        return false;
      }
      for (int i = 0; i < INFO.length; i++) {
        if (bytes[i] != INFO[i]) {
          return false;
        }
      }
      return true;
    }
  }
}
