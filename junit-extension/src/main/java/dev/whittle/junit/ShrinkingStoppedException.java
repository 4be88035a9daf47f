package dev.whittle.junit;

/**
 * Why a failing input was not shrunk, added to the original failure as a suppressed exception: the
 * test reports its own failure whatever happened while shrinking.
 */
final class ShrinkingStoppedException extends RuntimeException {
  ShrinkingStoppedException(String message, Throwable cause) {
    super(message, cause);
  }
}
