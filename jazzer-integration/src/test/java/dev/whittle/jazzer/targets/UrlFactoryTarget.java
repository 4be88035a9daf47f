package dev.whittle.jazzer.targets;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;

/**
 * Installs a handler for the protocol "whittle" on an input that contains "URL", through {@link
 * URL#setURLStreamHandlerFactory}, which a JVM allows once and nothing resets; throws whenever such
 * URLs can be made. A fresh JVM throws only on inputs with "URL".
 */
public final class UrlFactoryTarget {
  private UrlFactoryTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "URL")) {
      try {
        URL.setURLStreamHandlerFactory(
            protocol -> protocol.equals("whittle") ? new Handler() : null);
      } catch (Error alreadySet) {
        // Set by an earlier input.
      }
    }
    try {
      new URL("whittle:x");
    } catch (MalformedURLException unknownProtocol) {
      return;
    }
    throw new IllegalStateException("handler-sensitive bug");
  }

  private static final class Handler extends URLStreamHandler {
    @Override
    protected URLConnection openConnection(URL url) throws IOException {
      throw new IOException("not for reading");
    }
  }
}
