package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.google.common.hash.Hashing;
import dev.whittle.examples.corpus.TinyParser;
import dev.whittle.junit.api.WhittleConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * {@code whittle.corpus=minimize} through the real JUnit Platform with the generated corpus
 * directory a symbolic link (to a corpus kept elsewhere): it is read as the directory it leads to.
 */
class CorpusLinksTest {
  @TempDir Path dir;

  @Test
  void aGeneratedCorpusThatIsALinkIsRead() throws Exception {
    Class<?> testClass = Class.forName(TinyParser.class.getPackageName() + ".BytesCorpusFixture");
    Path elsewhere = Files.createDirectories(dir.resolve("kept-corpus"));
    Path inputs =
        Path.of(testClass.getResource(testClass.getSimpleName() + "Inputs").toURI())
            .resolve("parse");
    try (Stream<Path> files = Files.list(inputs)) {
      for (Path file : files.sorted().limit(2).toList()) {
        byte[] bloated = Arrays.copyOf(Files.readAllBytes(file), (int) Files.size(file) + 64);
        @SuppressWarnings("deprecation") // SHA-1 names corpus files, as Jazzer's do.
        String name = Hashing.sha1().hashBytes(bloated).toString();
        Files.write(elsewhere.resolve(name), bloated);
      }
    }
    Path generated =
        dir.resolve("base").resolve(".cifuzz-corpus").resolve(testClass.getName()).resolve("parse");
    Files.createDirectories(generated.getParent());
    Files.createSymbolicLink(generated, elsewhere);

    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(testClass))
            .configurationParameter(WhittleConfiguration.RESOURCES_ROOT, dir.toString())
            .configurationParameter(WhittleConfiguration.CORPUS, CorpusSettings.MINIMIZE)
            .configurationParameter(
                WhittleConfiguration.CORPUS_OUTPUT, dir.resolve("out").toString())
            .configurationParameter("jazzer.internal.basedir", dir.resolve("base").toString())
            .execute();

    results.containerEvents().assertStatistics(stats -> stats.failed(0));
    String summary =
        results.allEvents().reportingEntryPublished().stream()
            .map(event -> event.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs())
            .filter(pairs -> pairs.containsKey(FuzzTestCorpus.REPORT_KEY))
            .map(pairs -> pairs.get(FuzzTestCorpus.REPORT_KEY))
            .findFirst()
            .orElseThrow();
    assertTrue(summary.contains("read [" + inputs + ", " + generated + "]"), summary);
  }
}
