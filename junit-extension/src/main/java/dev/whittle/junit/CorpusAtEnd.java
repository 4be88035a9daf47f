package dev.whittle.junit;

import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Minimizes a fuzz test method's corpus once its invocations are over ({@link FuzzTestCorpus}):
 * registered in the method's own store at its first invocation, and run when JUnit closes that
 * store, after the last invocation and before the method is reported finished, so that the report
 * entry belongs to it and a failure of the minimization fails it.
 */
final class CorpusAtEnd implements ExtensionContext.Store.CloseableResource {
  private final ExtensionContext methodContext;

  private CorpusAtEnd(ExtensionContext methodContext) {
    this.methodContext = methodContext;
  }

  /**
   * Registers the minimization of the corpus of the fuzz test method one of whose invocations
   * {@code invocation} is, once per method.
   */
  static void registerOnce(ExtensionContext invocation, ExtensionContext.Namespace namespace) {
    ExtensionContext methodContext = invocation.getParent().orElse(invocation);
    if (methodContext.getTestMethod().isEmpty()) {
      return;
    }
    methodContext
        .getStore(namespace)
        .getOrComputeIfAbsent(
            CorpusAtEnd.class, key -> new CorpusAtEnd(methodContext), CorpusAtEnd.class);
  }

  /**
   * JUnit reports what this throws as its own "Failed to close extension context": ours says why.
   */
  @Override
  public void close() throws Throwable {
    try {
      new FuzzTestCorpus(methodContext).minimize();
    } catch (Exception e) {
      throw new IllegalStateException(
          "Whittle did not minimize the corpus of "
              + methodContext.getRequiredTestClass().getName()
              + "#"
              + methodContext.getRequiredTestMethod().getName()
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
