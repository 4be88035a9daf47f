package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Jazzer target over SnakeYAML ({@code org.yaml:snakeyaml}, YAML 1.1) with its safe constructor and
 * default limits, loading every document of a stream. Its documented parse error is {@link
 * YAMLException} (with its subclasses: scanner, parser, composer and constructor errors). The
 * property: the documents dumped, loaded again and dumped again give the same text.
 */
public final class YamlFuzzer {
  private YamlFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    List<Object> documents;
    try {
      documents = loadAll(text);
    } catch (YAMLException e) {
      return;
    }
    String dumped = yaml().dumpAll(documents.iterator());
    List<Object> again;
    try {
      again = loadAll(dumped);
    } catch (YAMLException e) {
      throw new PropertyViolation("the dump does not load: " + excerpt(dumped));
    }
    if (again.size() != documents.size()) {
      throw new PropertyViolation(
          "the dump loads to another number of documents: " + excerpt(dumped));
    }
    if (!yaml().dumpAll(again.iterator()).equals(dumped)) {
      throw new PropertyViolation("the dump loads to other documents: " + excerpt(dumped));
    }
  }

  private static List<Object> loadAll(String text) {
    List<Object> documents = new ArrayList<>();
    for (Object document : yaml().loadAll(text)) {
      documents.add(document);
    }
    return documents;
  }

  /** A new instance per use: {@link Yaml} is not reusable across threads or after errors. */
  private static Yaml yaml() {
    LoaderOptions loading = new LoaderOptions();
    DumperOptions dumping = new DumperOptions();
    return new Yaml(new SafeConstructor(loading), new Representer(dumping), dumping, loading);
  }
}
