package dev.whittle.jazzer.target;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.security.Permission;
import org.apiguardian.api.API;

/**
 * Turns {@code System.exit} and {@code Runtime.halt} into a {@link SecurityException} while any
 * minimization holds a {@link Lease}, and records the requested status so that the run which asked
 * counts as an exit finding. It installs a SecurityManager that permits everything else, the only
 * way Java 17 offers to refuse an exit without an agent; the JVM allows that with a warning on 17,
 * and only with {@code -Djava.security.manager=allow} from 18 on.
 *
 * <p>While the guard is held, nothing in the JVM can exit: the minimizer itself never wants to, and
 * targets may exit from threads of their own or from runs abandoned after a timeout.
 */
@API(status = INTERNAL)
public final class ExitGuard {
  /** What the thread that asked to exit is told. */
  static final String REFUSAL = "System.exit refused by Whittle: it ends this run, not the JVM";

  private static final Object LOCK = new Object();
  private static int holders;
  private static RefusingSecurityManager installed;

  private ExitGuard() {}

  /** Held while exits are refused; closing the last lease uninstalls the guard. */
  public interface Lease extends AutoCloseable {
    @Override
    void close();
  }

  /** A lease that guards nothing, for callers that turned the guard off. */
  public static Lease none() {
    return () -> {};
  }

  /**
   * Installs the guard if no lease holds it yet.
   *
   * @throws IllegalStateException if the JVM refuses a SecurityManager or has another one
   */
  @SuppressWarnings("removal") // The only exit hook Java 17 has; see the class comment.
  public static Lease acquire() {
    synchronized (LOCK) {
      if (holders == 0) {
        SecurityManager current = System.getSecurityManager();
        if (current != null) {
          throw new IllegalStateException(
              "cannot guard against System.exit: another SecurityManager is installed ("
                  + current.getClass().getName()
                  + "); turn the exit guard off to minimize anyway");
        }
        RefusingSecurityManager guard = new RefusingSecurityManager();
        try {
          System.setSecurityManager(guard);
        } catch (UnsupportedOperationException e) {
          throw new IllegalStateException(
              "cannot guard against System.exit: this JVM refuses a SecurityManager; run it with"
                  + " -Djava.security.manager=allow, or turn the exit guard off",
              e);
        }
        installed = guard;
      }
      holders++;
    }
    return ExitGuard::release;
  }

  @SuppressWarnings("removal")
  private static void release() {
    synchronized (LOCK) {
      if (holders == 0) {
        return;
      }
      holders--;
      if (holders == 0 && System.getSecurityManager() == installed) {
        System.setSecurityManager(null);
        installed = null;
      }
    }
  }

  /** Permits everything but exiting. */
  @SuppressWarnings("removal")
  private static final class RefusingSecurityManager extends SecurityManager {
    @Override
    public void checkPermission(Permission perm) {}

    @Override
    public void checkPermission(Permission perm, Object context) {}

    @Override
    public void checkExit(int status) {
      AttemptWorker.recordExitRequest(status);
      throw new SecurityException(REFUSAL + " (status " + status + ")");
    }
  }
}
