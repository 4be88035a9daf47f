package dev.whittle.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.KeptRanges;
import dev.whittle.api.MarkovModel;
import dev.whittle.api.Oracle;
import dev.whittle.api.SequenceInputs;
import dev.whittle.benchmarks.MarkovGrid.Cell;
import dev.whittle.benchmarks.ZellerCases.Case;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pieces of the benchmark harness that can be wrong without any reducer being wrong. */
class BenchmarkHarnessTest {
  private static final List<Integer> ALL = MarkovGrid.indices("all");

  @Test
  void generatorMatchesTheRequestedChainOverALongStream() {
    MarkovModel model = new MarkovModel(0.3, 0.8);
    boolean[] important = MarkovGrid.generate(model, 400_000, new Random(7));
    int unimportant = 0;
    int afterU = 0;
    int uAfterU = 0;
    int afterI = 0;
    int uAfterI = 0;
    for (int i = 0; i < important.length; i++) {
      if (!important[i]) {
        unimportant++;
      }
      if (i > 0) {
        if (important[i - 1]) {
          afterI++;
          uAfterI += important[i] ? 0 : 1;
        } else {
          afterU++;
          uAfterU += important[i] ? 0 : 1;
        }
      }
    }
    assertEquals(0.3, unimportant / (double) important.length, 0.01, "p(u)");
    assertEquals(0.8, uAfterU / (double) afterU, 0.01, "p(uu)");
    assertEquals(model.pIU(), uAfterI / (double) afterI, 0.01, "p(iu)");
  }

  @Test
  void sameSeedSameInput() {
    Cell cell = new Cell(9, 9);
    boolean[] a = MarkovGrid.generate(cell.model(), 500, new Random(cell.seed(3)));
    boolean[] b = MarkovGrid.generate(cell.model(), 500, new Random(cell.seed(3)));
    assertTrue(Arrays.equals(a, b));
    assertEquals((9 * 19 + 9) * 1000L + 3, cell.seed(3));
  }

  @Test
  void impossibleCellsAreSkipped() {
    List<Cell> cells = MarkovGrid.cells(ALL, ALL);
    // Rows p(u) <= 0.5 are complete (10 x 19); above, p(uu) must reach 1 - p(i)/p(u).
    assertEquals(190 + 16 + 13 + 10 + 8 + 6 + 5 + 3 + 2 + 1, cells.size());
    assertFalse(cells.contains(new Cell(18, 0)), "p(u)=0.95, p(uu)=0.05 has p(iu) > 1");
    assertTrue(cells.contains(new Cell(18, 18)), "p(u)=0.95, p(uu)=0.95");
    assertTrue(cells.contains(new Cell(0, 0)), "p(u)=0.05, p(uu)=0.05");
    // p(u)=0.8, p(uu)=0.75 gives p(iu) = 1 exactly: possible, important items never repeat.
    assertTrue(cells.contains(new Cell(15, 14)));
    assertFalse(cells.contains(new Cell(15, 13)));
    assertNull(new Cell(18, 0).model());
  }

  @Test
  void lowerBoundOfKnownCells() {
    // p(u) = p(uu) = 0.5: p(iu) = 0.5, every item is a fair coin, H = 1 + 499 * 1 = 500 bits.
    MarkovModel coin = new MarkovModel(0.5, 0.5);
    assertEquals(500.0, coin.streamEntropy(500), 1e-9);
    assertEquals(500.0, MarkovGrid.lowerBound(coin, 500), 1e-9);
    // p(u) = 0.05, p(uu) = 0.05: p(iu) = 0.05, H = 500 h(0.05) ~ 143.2 < p(i) L = 475.
    MarkovModel dense = new MarkovModel(0.05, 0.05);
    assertEquals(500 * MarkovModel.binaryEntropy(0.05), dense.streamEntropy(500), 1e-9);
    assertEquals(475.0, MarkovGrid.lowerBound(dense, 500), 1e-9);
  }

  @Test
  void gridSpecs() {
    assertEquals(19, ALL.size());
    assertEquals(List.of(9), MarkovGrid.indices("0.5"));
    assertEquals(List.of(5, 6, 7, 8, 9, 10, 11), MarkovGrid.indices("0.3:0.6"));
    assertEquals(List.of(4, 9, 14), MarkovGrid.indices("0.75,0.25,0.5"));
    assertThrows(IllegalArgumentException.class, () -> MarkovGrid.indices("0.33"));
    assertThrows(IllegalArgumentException.class, () -> MarkovGrid.indices("1.0"));
  }

  @Test
  void keepsAllImportantOracle() {
    boolean[] important = {false, true, false, true, true};
    Oracle<List<Integer>> oracle = MarkovGrid.keepsAllImportant(important);
    assertTrue(oracle.test(List.of(0, 1, 2, 3, 4)).isInteresting());
    assertTrue(oracle.test(List.of(1, 3, 4)).isInteresting());
    assertFalse(oracle.test(List.of(0, 1, 2, 3)).isInteresting());
    assertFalse(oracle.test(List.of()).isInteresting());
  }

  @Test
  void oneByOneReducesAMarkovInputToItsImportantItems() {
    Cell cell = new Cell(9, 9);
    boolean[] important = MarkovGrid.generate(cell.model(), 60, new Random(1));
    BenchAlgorithms.Entry entry = BenchAlgorithms.resolve(List.of(Algorithms.ONE_BY_ONE)).get(0);
    assertTrue(entry.available());
    var result =
        BenchAlgorithms.run(
            entry,
            SequenceInputs.list(MarkovGrid.positions(60)),
            Budget.unlimited(),
            MarkovGrid.keepsAllImportant(important));
    assertNotNull(result);
    assertEquals(MarkovGrid.count(important), result.reducedSize());
    for (int item : result.reduced()) {
      assertTrue(important[item]);
    }
  }

  @Test
  void unimplementedAlgorithmsAreRecognised() {
    assertTrue(
        BenchAlgorithms.isNotImplemented(
            new IllegalArgumentException("no reducer implements algorithm 'ddmin'")));
    assertFalse(BenchAlgorithms.isNotImplemented(new IllegalArgumentException("unknown x")));
    assertThrows(IllegalArgumentException.class, () -> BenchAlgorithms.resolve(List.of("nope")));
  }

  @Test
  void overheadInputHasItsImportantBytesInClusters() {
    OverheadInput input = OverheadInput.generate(100_000, 1_000, 20, 5);
    assertEquals(1_000, OverheadInput.countHigh(input.data()));
    int sum = 0;
    for (int c = 0; c < 20; c++) {
      sum += input.clusterLengths()[c];
      for (int i = input.clusterStarts()[c];
          i < input.clusterStarts()[c] + input.clusterLengths()[c];
          i++) {
        assertTrue(input.data()[i] < 0, "byte " + i + " in cluster " + c);
      }
    }
    assertEquals(1_000, sum);
    assertTrue(input.oracle().test(input.data()).isInteresting());
    byte[] dropped = Arrays.copyOfRange(input.data(), 0, input.data().length);
    dropped[input.clusterStarts()[0]] = 5;
    assertFalse(input.oracle().test(dropped).isInteresting());
  }

  @Test
  void tablesUseAPointUnderEveryLocale() {
    // Surefire runs under tr_TR; formatting must not follow it.
    assertEquals("1.50", TextTable.fmt("%.2f", 1.5));
    TextTable table = new TextTable("a", "b,c");
    table.addRow("x", "1.5");
    assertEquals("a,\"b,c\"\nx,1.5\n", table.toCsv());
    assertTrue(table.toText().contains("1.5"));
  }

  @Test
  void benchArgs() {
    BenchArgs args =
        BenchArgs.parse(
            new String[] {"--seeds", "3", "--csv", "--algorithms=ddmin,One-By-One"},
            Set.of("csv"),
            Set.of("seeds", "algorithms"));
    assertEquals(3, args.getInt("seeds", 20));
    assertTrue(args.flag("csv"));
    assertEquals(List.of("ddmin", "one-by-one"), args.getList("algorithms", List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> BenchArgs.parse(new String[] {"--sedes", "3"}, Set.of(), Set.of("seeds")));
  }

  @Test
  void zellerCasesMatchTheReadme() throws IOException {
    Path dir;
    try {
      dir = ZellerCases.locate(null);
    } catch (IllegalStateException missing) {
      assumeTrue(false, missing.getMessage());
      return;
    }
    List<Case<?>> cases = ZellerCases.load(dir);
    for (Case<?> c : cases) {
      assertEquals(c.expectedItems(), c.input().size(), c.name());
      assertOriginalInteresting(c);
    }
    // Both readings of "one a line" give the README's 31 items.
    String text = Files.readString(dir.resolve("gcc-options.txt"));
    assertEquals(31, SequenceInputs.lines(text).size());
    Case<List<String>> options = ZellerCases.gccOptions(dir);
    assertTrue(options.bruteForceOneMinimal(List.of("--fforce-addr")));
    assertFalse(options.bruteForceOneMinimal(List.of("--fforce-addr", "--fgcse")));
    Case<String> mozilla = ZellerCases.mozilla(dir);
    assertTrue(mozilla.bruteForceOneMinimal("<SELECT>"));
    assertFalse(mozilla.bruteForceOneMinimal("<SELECT >"));
  }

  @Test
  void missingZellerDataIsAClearError() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> ZellerCases.locate("/no/such/dir"));
    assertTrue(e.getMessage().contains("--data"), e.getMessage());
  }

  private static <C> void assertOriginalInteresting(Case<C> c) {
    assertTrue(c.interesting().test(c.input().assemble(full(c.input().size()))), c.name());
  }

  private static KeptRanges full(int size) {
    return new KeptRanges() {
      @Override
      public int size() {
        return size;
      }

      @Override
      public int rangeCount() {
        return 1;
      }

      @Override
      public int start(int k) {
        return 0;
      }

      @Override
      public int end(int k) {
        return size;
      }
    };
  }
}
