package dev.whittle.jazzer.process;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.HttpURLConnection;
import java.net.ProxySelector;
import java.net.ResponseCache;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URL;
import java.net.URLConnection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedSet;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

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
@API(status = INTERNAL, since = "0.1")
public final class GlobalState {
  /** One-shot factories that runs of any runner in this JVM set, which nothing resets. */
  private static final Set<String> LASTING = ConcurrentHashMap.newKeySet();

  private final Object[] before;
  private final Properties properties;
  private final Map<Object, Object> propertiesCopy;
  private final int propertiesHash;
  private final Set<String> oneShotsBefore;
  private final Set<String> moved = ConcurrentHashMap.newKeySet();
  private final Set<String> unrestored = ConcurrentHashMap.newKeySet();

  private GlobalState() {
    // First: the first reading of the default time zone writes user.timezone into the properties.
    Global[] globals = Global.values();
    before = new Object[globals.length];
    for (Global global : globals) {
      before[global.ordinal()] = global.read();
    }
    properties = System.getProperties();
    propertiesCopy = Map.copyOf(properties);
    propertiesHash = properties.hashCode();
    oneShotsBefore = oneShotsSet();
  }

  /** The state as it is now, to restore after each run. */
  public static GlobalState baseline() {
    return new GlobalState();
  }

  /**
   * Puts back what the run that just ended moved, and remembers it; a global that refuses to be put
   * back is remembered as lasting.
   */
  public void afterRun() {
    for (Global global : Global.values()) {
      Object then = before[global.ordinal()];
      if (!global.same(then, global.read())) {
        restore(global.label, () -> global.put(then));
      }
    }
    Properties now = System.getProperties();
    if (now != properties || now.hashCode() != propertiesHash) {
      restore("system properties", this::restoreProperties);
    }
  }

  private void restore(String name, Runnable put) {
    moved.add(name);
    try {
      put.run();
    } catch (RuntimeException e) {
      unrestored.add(name);
    }
  }

  private void restoreProperties() {
    if (System.getProperties() != properties) {
      System.setProperties(properties);
    }
    properties.keySet().removeIf(key -> !propertiesCopy.containsKey(key));
    propertiesCopy.forEach(
        (key, value) -> {
          if (!value.equals(properties.get(key))) {
            properties.put(key, value);
          }
        });
  }

  /** What the runs so far moved, with what no restoring could put back in this JVM. */
  public MovedGlobals moved() {
    probeOneShots();
    SortedSet<String> lasting = new TreeSet<>(LASTING);
    lasting.addAll(unrestored);
    SortedSet<String> restored = new TreeSet<>(moved);
    restored.removeAll(lasting);
    return new MovedGlobals(restored, lasting);
  }

  /** Records the one-shot factories set since the baseline as lasting for this whole JVM. */
  public void probeOneShots() {
    Set<String> now = oneShotsSet();
    now.removeAll(oneShotsBefore);
    LASTING.addAll(now);
  }

  /**
   * The names of the one-shot factories that are set. Setting one to null while none is set changes
   * nothing (the URL handler cache is emptied, and fills again); once one is set, it throws.
   */
  @SuppressWarnings("deprecation") // Socket and ServerSocket factories: still settable, still set.
  private static Set<String> oneShotsSet() {
    Set<String> set = new TreeSet<>();
    try {
      URL.setURLStreamHandlerFactory(null);
    } catch (Error alreadyDefined) {
      set.add("URL.setURLStreamHandlerFactory");
    }
    try {
      URLConnection.setContentHandlerFactory(null);
    } catch (Error alreadyDefined) {
      set.add("URLConnection.setContentHandlerFactory");
    }
    try {
      Socket.setSocketImplFactory(null);
    } catch (IOException alreadyDefined) {
      set.add("Socket.setSocketImplFactory");
    }
    try {
      ServerSocket.setSocketFactory(null);
    } catch (IOException alreadyDefined) {
      set.add("ServerSocket.setSocketFactory");
    }
    return set;
  }

  /**
   * The globals read after every run, each a field read or two: how to read one, when two readings
   * differ, and how to put the first back. Constants rather than lambdas, which would each cost a
   * class spun at the first baseline of every JVM.
   */
  private enum Global {
    TIME_ZONE("default time zone") {
      @Override
      Object read() {
        return TimeZone.getDefault();
      }

      @Override
      boolean same(Object before, Object now) {
        TimeZone a = (TimeZone) before;
        TimeZone b = (TimeZone) now;
        return a.getID().equals(b.getID()) && a.hasSameRules(b);
      }

      @Override
      void put(Object before) {
        TimeZone.setDefault((TimeZone) ((TimeZone) before).clone());
      }
    },
    LOCALE("default locale") {
      @Override
      Object read() {
        return List.of(
            Locale.getDefault(),
            Locale.getDefault(Locale.Category.DISPLAY),
            Locale.getDefault(Locale.Category.FORMAT));
      }

      @Override
      boolean same(Object before, Object now) {
        return before.equals(now);
      }

      @Override
      void put(Object before) {
        List<?> locales = (List<?>) before;
        Locale.setDefault((Locale) locales.get(0));
        Locale.setDefault(Locale.Category.DISPLAY, (Locale) locales.get(1));
        Locale.setDefault(Locale.Category.FORMAT, (Locale) locales.get(2));
      }
    },
    IN("System.in") {
      @Override
      Object read() {
        return System.in;
      }

      @Override
      void put(Object before) {
        System.setIn((InputStream) before);
      }
    },
    OUT("System.out") {
      @Override
      Object read() {
        return System.out;
      }

      @Override
      void put(Object before) {
        System.setOut((PrintStream) before);
      }
    },
    ERR("System.err") {
      @Override
      Object read() {
        return System.err;
      }

      @Override
      void put(Object before) {
        System.setErr((PrintStream) before);
      }
    },
    UNCAUGHT_EXCEPTION_HANDLER("default uncaught exception handler") {
      @Override
      Object read() {
        return Thread.getDefaultUncaughtExceptionHandler();
      }

      @Override
      void put(Object before) {
        Thread.setDefaultUncaughtExceptionHandler((Thread.UncaughtExceptionHandler) before);
      }
    },
    AUTHENTICATOR("default Authenticator") {
      @Override
      Object read() {
        return Authenticator.getDefault();
      }

      @Override
      void put(Object before) {
        Authenticator.setDefault((Authenticator) before);
      }
    },
    PROXY_SELECTOR("default ProxySelector") {
      @Override
      Object read() {
        return ProxySelector.getDefault();
      }

      @Override
      void put(Object before) {
        ProxySelector.setDefault((ProxySelector) before);
      }
    },
    COOKIE_HANDLER("default CookieHandler") {
      @Override
      Object read() {
        return CookieHandler.getDefault();
      }

      @Override
      void put(Object before) {
        CookieHandler.setDefault((CookieHandler) before);
      }
    },
    RESPONSE_CACHE("default ResponseCache") {
      @Override
      Object read() {
        return ResponseCache.getDefault();
      }

      @Override
      void put(Object before) {
        ResponseCache.setDefault((ResponseCache) before);
      }
    },
    FOLLOW_REDIRECTS("HttpURLConnection.setFollowRedirects") {
      @Override
      Object read() {
        return HttpURLConnection.getFollowRedirects();
      }

      @Override
      boolean same(Object before, Object now) {
        return before.equals(now);
      }

      @Override
      void put(Object before) {
        HttpURLConnection.setFollowRedirects((Boolean) before);
      }
    };

    final String label;

    Global(String label) {
      this.label = label;
    }

    abstract Object read();

    /** Whether two readings are the same state: by default the same object. */
    boolean same(Object before, Object now) {
      return before == now;
    }

    abstract void put(Object before);
  }
}
