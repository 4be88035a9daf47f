package dev.whittle.samples.bench;

import static com.google.common.base.Preconditions.checkArgument;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one test method through the JUnit Platform launcher as a build tool's test runner does:
 * {@code java -cp TEST_CLASS_PATH dev.whittle.samples.bench.FuzzTestLauncher pkg.Class#method}.
 * Configuration parameters come as the launcher reads them on its own, from system properties
 * ({@code -Dwhittle.corpus=minimize}) and {@code junit-platform.properties}. Prints JUnit's summary
 * and its failures; exits 0 when nothing failed (tests and containers), else 1. {@code
 * samples/scripts/junit-corpus-bench.sh} times this whole JVM.
 */
public final class FuzzTestLauncher {
  private FuzzTestLauncher() {}

  public static void main(String[] args) throws ClassNotFoundException {
    if (args.length != 1 || !args[0].contains("#")) {
      System.err.println("usage: FuzzTestLauncher fully.qualified.Class#method");
      System.exit(2);
    }
    Method method = method(args[0]);
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectMethod(method.getDeclaringClass(), method))
            .build();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(request, summary);
    TestExecutionSummary result = summary.getSummary();
    PrintWriter out = new PrintWriter(System.out, true);
    result.printTo(out);
    result.printFailuresTo(out, 20);
    out.flush();
    boolean failed =
        result.getTotalFailureCount() > 0
            || result.getTestsFoundCount() == 0
            || result.getContainersFailedCount() > 0;
    // Jazzer leaves non-daemon threads behind: end the JVM here, with the verdict.
    Runtime.getRuntime().halt(failed ? 1 : 0);
  }

  /**
   * The one method named after the {@code #} (a fuzz test takes parameters, which JUnit's {@code
   * Class#method} selector would otherwise have to spell out).
   */
  private static Method method(String classAndMethod) throws ClassNotFoundException {
    int hash = classAndMethod.indexOf('#');
    Class<?> testClass = Class.forName(classAndMethod.substring(0, hash));
    String name = classAndMethod.substring(hash + 1);
    List<Method> named =
        Arrays.stream(testClass.getDeclaredMethods())
            .filter(m -> m.getName().equals(name))
            .toList();
    checkArgument(
        named.size() == 1,
        "%s declares %s methods named %s, not one",
        testClass.getName(),
        named.size(),
        name);
    return named.get(0);
  }
}
