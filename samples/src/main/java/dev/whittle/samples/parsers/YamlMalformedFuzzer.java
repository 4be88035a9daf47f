package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.exceptions.ParserException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.ScannerException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Jazzer target over SnakeYAML's parser ({@code org.yaml:snakeyaml}, YAML 1.1) on malformed streams
 * only: inputs that snakeyaml-engine's YAML 1.2 parser ({@code org.snakeyaml:snakeyaml- engine},
 * the same project's strict successor) accepts are skipped. A differential at the level of syntax
 * (parse events, no construction): a stream the 1.2 parser rejects, SnakeYAML's parser must reject
 * too with its documented {@link YAMLException}; anything else it throws is a finding as well.
 * Where SnakeYAML accepts, the violation is thrown from a line per kind of error the 1.2 parser
 * reported (reader, scanner, parser), so that Jazzer tells them apart.
 */
public final class YamlMalformedFuzzer {
  private YamlMalformedFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    YamlEngineException rejection;
    try {
      new Parse(LoadSettings.builder().build()).parseString(text).forEach(event -> {});
      return;
    } catch (YamlEngineException e) {
      rejection = e;
    }
    String loaded;
    try {
      new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(text).forEach(document -> {});
      loaded = "loads it";
    } catch (org.yaml.snakeyaml.reader.ReaderException
        | org.yaml.snakeyaml.scanner.ScannerException
        | org.yaml.snakeyaml.parser.ParserException e) {
      return;
    } catch (YAMLException e) {
      loaded = "parses it, then fails to load it (" + e.getMessage() + ")";
    }
    String what =
        "SnakeYAML "
            + loaded
            + " where YAML 1.2 rejects it ("
            + rejection.getMessage()
            + "): "
            + excerpt(text);
    boolean full = loaded.equals("loads it");
    if (rejection instanceof ReaderException) {
      throw new PropertyViolation(what);
    } else if (rejection instanceof ScannerException) {
      if (full) {
        throw new PropertyViolation(what);
      }
      throw new PropertyViolation(what);
    } else if (rejection instanceof ParserException) {
      if (full) {
        throw new PropertyViolation(what);
      }
      throw new PropertyViolation(what);
    }
    throw new PropertyViolation(what);
  }
}
