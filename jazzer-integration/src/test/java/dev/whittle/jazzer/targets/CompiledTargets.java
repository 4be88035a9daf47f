package dev.whittle.jazzer.targets;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Fuzz targets compiled while a test runs, for class paths no build produces: a target compiled
 * against a helper class that is then left off the class path, or replaced by an older one.
 */
public final class CompiledTargets {
  /**
   * Targets in package {@code brokencp}: {@code LinkTarget} calls {@code Helper.work(byte[])} on
   * every input but the empty one, and throws "real bug" on an input starting with 'X'; {@code
   * InitLinkTarget} calls it in its static initializer.
   */
  public static final Map<String, String> LINKED_TARGET =
      Map.of(
          "brokencp/LinkTarget.java",
          """
          package brokencp;

          public final class LinkTarget {
            public static void fuzzerTestOneInput(byte[] data) {
              if (data.length == 0) {
                return;
              }
              if (data[0] == 'X') {
                throw new IllegalStateException("real bug");
              }
              Helper.work(data);
            }
          }
          """,
          "brokencp/InitLinkTarget.java",
          """
          package brokencp;

          public final class InitLinkTarget {
            private static final int SIZE = Helper.work(new byte[1]);

            public static void fuzzerTestOneInput(byte[] data) {}
          }
          """,
          "brokencp/Helper.java",
          """
          package brokencp;

          public final class Helper {
            public static int work(byte[] data) {
              return data.length;
            }
          }
          """);

  /** {@code brokencp.Helper} as an older release had it: without {@code work(byte[])}. */
  public static final Map<String, String> OLD_HELPER =
      Map.of(
          "brokencp/Helper.java",
          """
          package brokencp;

          public final class Helper {
            public static int older() {
              return 0;
            }
          }
          """);

  public static final String LINKED_TARGET_CLASS = "brokencp.LinkTarget";

  /** A target whose static initializer calls {@code Helper.work}. */
  public static final String INIT_LINKED_TARGET_CLASS = "brokencp.InitLinkTarget";

  private CompiledTargets() {}

  /** Compiles {@code sources} (path in the package tree to source) into {@code classes}. */
  public static Path compile(Path classes, Map<String, String> sources) throws IOException {
    Path sourceDir = Files.createTempDirectory(Files.createDirectories(classes.getParent()), "src");
    List<Path> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = sourceDir.resolve(source.getKey());
      Files.createDirectories(file.getParent());
      files.add(Files.writeString(file, source.getValue(), UTF_8));
    }
    Files.createDirectories(classes);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    boolean compiled =
        javac
            .getTask(
                diagnostics,
                null,
                null,
                List.of("-d", classes.toString(), "-proc:none"),
                null,
                javac.getStandardFileManager(null, null, UTF_8).getJavaFileObjectsFromPaths(files))
            .call();
    if (!compiled) {
      throw new IllegalStateException("test target did not compile:\n" + diagnostics);
    }
    return classes;
  }

  /**
   * The class path of a broken build: {@link #LINKED_TARGET}'s target alone in {@code dir/target},
   * and with {@code oldHelper} {@link #OLD_HELPER} in {@code dir/old-helper}.
   */
  public static List<Path> brokenClassPath(Path dir, boolean oldHelper) throws IOException {
    Path full = compile(dir.resolve("full"), LINKED_TARGET);
    Path target = Files.createDirectories(dir.resolve("target/brokencp"));
    for (String name : List.of("LinkTarget.class", "InitLinkTarget.class")) {
      Files.copy(full.resolve("brokencp").resolve(name), target.resolve(name));
    }
    if (!oldHelper) {
      return List.of(dir.resolve("target"));
    }
    return List.of(dir.resolve("target"), compile(dir.resolve("old-helper"), OLD_HELPER));
  }
}
