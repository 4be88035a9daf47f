package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.whittle.api.Reduction;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.CrashMinimizer;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every builder method {@code docs/java-api.md} names ({@code withJobs}, {@code forTarget}, ...) is
 * a public method of one of the three facades, so that a renamed or removed method cannot leave the
 * page describing it.
 */
class JavaApiDocsTest {
  private static final Path PAGE = Path.of("..", "docs", "java-api.md");

  private static final Pattern METHOD = Pattern.compile("\\b((?:with|for)[A-Z]\\w*)\\b");

  @Test
  void everyBuilderMethodThePageNamesIsAPublicMethodOfAFacade() throws IOException {
    Set<String> methods =
        Stream.of(Reduction.class, CrashMinimizer.class, CorpusMinimizer.class)
            .flatMap(facade -> Arrays.stream(facade.getMethods()))
            .filter(method -> Modifier.isPublic(method.getModifiers()))
            .map(Method::getName)
            .collect(Collectors.toSet());
    Set<String> named = new TreeSet<>();
    Matcher method = METHOD.matcher(Files.readString(PAGE, UTF_8));
    while (method.find()) {
      named.add(method.group(1));
    }
    assertFalse(named.isEmpty(), () -> PAGE + " names no builder method");
    named.removeAll(methods);
    assertEquals(Set.of(), named, PAGE + " names methods no facade has");
  }
}
