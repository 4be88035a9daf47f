package dev.whittle.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** Whittle's version, from a resource Maven fills in at build time. */
final class Version implements IVersionProvider {
  static final String RESOURCE = "version.properties";

  @Override
  public String[] getVersion() {
    return new String[] {"whittle " + current()};
  }

  static String current() {
    try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return "(unknown version: " + RESOURCE + " is missing)";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "(unknown version)");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }
}
