package dev.whittle.jazzer.finding;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Optional;
import org.apiguardian.api.API;

/** Where a class of a target comes from, for messages about a broken class path. */
@API(status = INTERNAL, since = "0.1")
@FunctionalInterface
public interface ClassLocator {
  /**
   * Where {@code className} (binary name, {@code com.example.Parser}) would be loaded from for the
   * target: its class path entry (a jar or directory), or a phrase such as "the JDK"; empty when no
   * entry holds it.
   */
  Optional<String> locate(String className);
}
