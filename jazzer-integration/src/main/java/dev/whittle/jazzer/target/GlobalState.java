package dev.whittle.jazzer.target;

import com.google.common.collect.ImmutableList;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.HttpURLConnection;
import java.net.ProxySelector;
import java.net.ResponseCache;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URL;
import java.net.URLConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.SortedSet;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The JVM-global state a target can change in one run and that a fresh class loader does not reset,
 * as one runner found it before its first run; after each run, whatever moved is put back and
 * remembered ({@link MovedGlobals}).
 *
 * <p>A run of the same input in a fresh JVM starts from the JVM's defaults. A target that sets the
 * default locale, time zone or a system property on one input changes every later run in this JVM,
 * and a reduction that runs on would keep candidates whose finding only that change gives. So each
 * run starts from the state before the first: the globals below are read after every run (a handful
 * of reads and the system properties' hash code, a microsecond or two) and restored where they
 * differ. What cannot be put back, the one-shot factories of {@code java.net}, is probed when the
 * runner is asked and when it closes; once set by a run it taints this JVM for good.
 *
 * <p>Not watched, as reading them costs more than a run: the {@code java.security.Security}
 * providers (listing them loads every configured provider) and caches inside the JDK's classes.
 */
final class GlobalState {
  /** One-shot factories that runs of any runner in this JVM set, which nothing resets. */
  private static final Set<String> LASTING = ConcurrentHashMap.newKeySet();

  private final ImmutableList<Watched<?>> watched;
  private final Set<String> oneShotsBefore;
  private final Set<String> moved = ConcurrentHashMap.newKeySet();
  private final Set<String> unrestored = ConcurrentHashMap.newKeySet();

  private GlobalState(List<Watched<?>> watched, Set<String> oneShotsBefore) {
    this.watched = ImmutableList.copyOf(watched);
    this.oneShotsBefore = oneShotsBefore;
  }

  /** The state as it is now, to restore after each run. */
  static GlobalState baseline() {
    List<Watched<?>> watched = new ArrayList<>();
    // First: the first reading of the default time zone writes user.timezone into the properties.
    watched.add(
        Watched.of(
            "default time zone",
            TimeZone::getDefault,
            (a, b) -> a.getID().equals(b.getID()) && a.hasSameRules(b),
            zone -> TimeZone.setDefault((TimeZone) zone.clone())));
    watched.add(
        Watched.of(
            "default locale",
            () ->
                List.of(
                    Locale.getDefault(),
                    Locale.getDefault(Locale.Category.DISPLAY),
                    Locale.getDefault(Locale.Category.FORMAT)),
            Objects::equals,
            locales -> {
              Locale.setDefault(locales.get(0));
              Locale.setDefault(Locale.Category.DISPLAY, locales.get(1));
              Locale.setDefault(Locale.Category.FORMAT, locales.get(2));
            }));
    watched.add(systemProperties());
    watched.add(Watched.identity("System.in", () -> System.in, System::setIn));
    watched.add(Watched.identity("System.out", () -> System.out, System::setOut));
    watched.add(Watched.identity("System.err", () -> System.err, System::setErr));
    watched.add(
        Watched.<Thread.UncaughtExceptionHandler>identity(
            "default uncaught exception handler",
            Thread::getDefaultUncaughtExceptionHandler,
            Thread::setDefaultUncaughtExceptionHandler));
    watched.add(
        Watched.identity(
            "default Authenticator", Authenticator::getDefault, Authenticator::setDefault));
    watched.add(
        Watched.identity(
            "default ProxySelector", ProxySelector::getDefault, ProxySelector::setDefault));
    watched.add(
        Watched.identity(
            "default CookieHandler", CookieHandler::getDefault, CookieHandler::setDefault));
    watched.add(
        Watched.identity(
            "default ResponseCache", ResponseCache::getDefault, ResponseCache::setDefault));
    watched.add(
        Watched.of(
            "HttpURLConnection.followRedirects",
            HttpURLConnection::getFollowRedirects,
            Objects::equals,
            HttpURLConnection::setFollowRedirects));
    return new GlobalState(watched, oneShotsSet());
  }

  /**
   * Puts back what the run that just ended moved, and remembers it; a global that refuses to be put
   * back is remembered as lasting.
   */
  void afterRun() {
    for (Watched<?> global : watched) {
      if (global.moved()) {
        moved.add(global.name());
        try {
          global.restore();
        } catch (RuntimeException e) {
          unrestored.add(global.name());
        }
      }
    }
  }

  /** What the runs so far moved, with what no restoring could put back in this JVM. */
  MovedGlobals moved() {
    probeOneShots();
    SortedSet<String> lasting = new TreeSet<>(LASTING);
    lasting.addAll(unrestored);
    SortedSet<String> restored = new TreeSet<>(moved);
    restored.removeAll(lasting);
    return new MovedGlobals(restored, lasting);
  }

  /** Records the one-shot factories set since the baseline as lasting for this whole JVM. */
  void probeOneShots() {
    Set<String> now = oneShotsSet();
    now.removeAll(oneShotsBefore);
    LASTING.addAll(now);
  }

  private static Watched<Properties> systemProperties() {
    Properties original = System.getProperties();
    Map<Object, Object> copy = Map.copyOf(original);
    int hash = original.hashCode();
    return new Watched<>(
        "system properties",
        System::getProperties,
        (before, now) -> before == now && now.hashCode() == hash,
        ignored -> {
          if (System.getProperties() != original) {
            System.setProperties(original);
          }
          original.keySet().removeIf(key -> !copy.containsKey(key));
          copy.forEach(
              (key, value) -> {
                if (!value.equals(original.get(key))) {
                  original.put(key, value);
                }
              });
        },
        original);
  }

  /**
   * The names of the one-shot factories that are set. Setting one to null while none is set changes
   * nothing (the URL handler cache is emptied, and fills again); once one is set, it throws.
   */
  @SuppressWarnings("deprecation") // Socket and ServerSocket factories: still settable, still set.
  private static Set<String> oneShotsSet() {
    Set<String> set = new TreeSet<>();
    probe(set, "URL.setURLStreamHandlerFactory", () -> URL.setURLStreamHandlerFactory(null));
    probe(
        set,
        "URLConnection.setContentHandlerFactory",
        () -> URLConnection.setContentHandlerFactory(null));
    probe(set, "Socket.setSocketImplFactory", () -> Socket.setSocketImplFactory(null));
    probe(set, "ServerSocket.setSocketFactory", () -> ServerSocket.setSocketFactory(null));
    return set;
  }

  private interface Probe {
    void run() throws Exception;
  }

  private static void probe(Set<String> set, String name, Probe probe) {
    try {
      probe.run();
    } catch (Error | Exception e) {
      // "factory already defined" (an Error for URL's, a SocketException for sockets').
      set.add(name);
    }
  }

  /** One global: how to read it, when two readings differ, and how to put the first one back. */
  private record Watched<T>(
      String name, Supplier<T> read, BiPredicate<T, T> same, Consumer<T> put, T before) {
    static <T> Watched<T> of(
        String name, Supplier<T> read, BiPredicate<T, T> same, Consumer<T> put) {
      return new Watched<>(name, read, same, put, read.get());
    }

    static <T> Watched<T> identity(String name, Supplier<T> read, Consumer<T> put) {
      return of(name, read, (a, b) -> a == b, put);
    }

    boolean moved() {
      return !same.test(before, read.get());
    }

    void restore() {
      put.accept(before);
    }
  }
}
