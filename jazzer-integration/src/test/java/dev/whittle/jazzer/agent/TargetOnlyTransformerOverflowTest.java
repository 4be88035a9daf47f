package dev.whittle.jazzer.agent;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An overflow inside a transformer added through {@link TargetOnlyInstrumentation} (as Jazzer's
 * are) is recorded for the thread before the JVM gets to drop it. The transformer here overflows
 * for real, by recursing without end, as Jazzer's does when a class is first loaded deep in a
 * recursion.
 */
class TargetOnlyTransformerOverflowTest {
  @Test
  void anOverflowInTheWrappedTransformerIsRecordedAndRethrown() {
    List<ClassFileTransformer> added = new ArrayList<>();
    Instrumentation jvm =
        (Instrumentation)
            Proxy.newProxyInstance(
                Instrumentation.class.getClassLoader(),
                new Class<?>[] {Instrumentation.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("addTransformer")) {
                    added.add((ClassFileTransformer) args[0]);
                  }
                  return null;
                });
    ClassFileTransformer overflowing =
        new ClassFileTransformer() {
          @Override
          public byte[] transform(
              Module module,
              ClassLoader loader,
              String className,
              Class<?> classBeingRedefined,
              java.security.ProtectionDomain protectionDomain,
              byte[] classfileBuffer) {
            return descend(0) == 0 ? null : classfileBuffer;
          }
        };
    new TargetOnlyInstrumentation(jvm).addTransformer(overflowing, false);
    ClassFileTransformer wrapper = added.get(0);
    SwallowedOverflows.clear();

    StackOverflowError thrown =
        assertThrows(
            StackOverflowError.class,
            () -> wrapper.transform(null, null, "java/lang/Example", null, null, new byte[0]));

    StackOverflowError recorded = SwallowedOverflows.take();
    assertNotNull(recorded);
    assertSame(thrown, recorded);
    assertNull(SwallowedOverflows.take(), "taken once");
  }

  private static int descend(int depth) {
    return descend(depth + 1) + 1;
  }
}
