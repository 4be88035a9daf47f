package dev.whittle.samples.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs one fuzz test class through the JUnit Platform with extension auto-detection on, in a JVM of
 * its own (Jazzer fuzzes one test per JVM and configures its agent for it), and prints each
 * failure's message between markers for {@link FuzzingModeEndToEndTest} to read.
 */
final class FuzzingModeMain {
  static final String BEGIN = "--- failure ---";
  static final String END = "--- end of failure ---";

  private FuzzingModeMain() {}

  public static void main(String[] args) throws ClassNotFoundException {
    EngineTestKit.Builder engine =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(Class.forName(args[0])))
            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true");
    // The test kit reads no system properties as configuration parameters: Whittle's are passed,
    // and Jazzer's (jazzer.internal.arg.N are libFuzzer's arguments, -seed=N among them).
    for (String key : System.getProperties().stringPropertyNames()) {
      if (key.startsWith("whittle.") || key.startsWith("jazzer.")) {
        engine = engine.configurationParameter(key, System.getProperty(key));
      }
    }
    engine.execute().testEvents().failed().stream()
        .forEach(
            event -> {
              Throwable thrown =
                  event
                      .getPayload(TestExecutionResult.class)
                      .flatMap(TestExecutionResult::getThrowable)
                      .orElseThrow();
              System.out.println(BEGIN);
              System.out.println(event.getTestDescriptor().getDisplayName());
              System.out.println(thrown);
              System.out.println(END);
            });
    System.out.flush();
    // Jazzer's fuzzing leaves non-daemon threads behind.
    Runtime.getRuntime().halt(0);
  }
}
