package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.output.CorpusOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The inputs kept so far, by index in the census, each with its file in the output: every change
 * writes the new file before it deletes the old one, so that the output is complete after every
 * step. Thread-safe: files are shrunk side by side.
 */
final class KeptInputs {
  private final CoverageCensus census;
  private final CorpusOutput output;

  /** In the order they were first kept, which selections and the final check go by. */
  private final Map<Integer, KeptInput> byIndex = new LinkedHashMap<>();

  KeptInputs(CoverageCensus census, CorpusOutput output) {
    this.census = census;
    this.output = output;
  }

  /** Writes input {@code index} as it was and keeps it with its stable features. */
  synchronized void keepOriginal(int index) throws IOException {
    byte[] content = census.input(index).content();
    byIndex.put(index, new KeptInput(content, census.stableOf(index), output.write(content)));
  }

  /** Puts input {@code index} into the output as it was, in place of its shrunk form if kept. */
  synchronized void restoreOriginal(int index) throws IOException {
    KeptInput old = byIndex.get(index);
    if (old == null) {
      keepOriginal(index);
      return;
    }
    byte[] content = census.input(index).content();
    byIndex.put(index, new KeptInput(content, census.stableOf(index), output.write(content)));
    deleteUnlessKept(old.file());
  }

  /** Kept input {@code index} becomes {@code content}, showing {@code features}. */
  synchronized void replace(int index, byte[] content, long[] features) throws IOException {
    KeptInput old = byIndex.get(index);
    byIndex.put(index, new KeptInput(content, features, output.write(content)));
    deleteUnlessKept(old.file());
  }

  /** Input {@code index} is kept no longer. */
  synchronized void drop(int index) throws IOException {
    deleteUnlessKept(byIndex.remove(index).file());
  }

  /** Kept input {@code index}, null if it is not kept. */
  synchronized KeptInput get(int index) {
    return byIndex.get(index);
  }

  synchronized boolean contains(int index) {
    return byIndex.containsKey(index);
  }

  /** Whether input {@code index} is kept as it was (not shrunk). */
  synchronized boolean isOriginal(int index) {
    KeptInput kept = byIndex.get(index);
    return kept != null && kept.content() == census.input(index).content();
  }

  /** The kept inputs, in the order they were first kept. */
  synchronized List<Integer> indices() {
    return new ArrayList<>(byIndex.keySet());
  }

  /** The kept inputs, largest first (ties: the first input). */
  synchronized List<Integer> largestFirst() {
    List<Integer> order = new ArrayList<>(byIndex.keySet());
    order.sort(
        (a, b) ->
            Integer.compare(byIndex.get(b).content().length, byIndex.get(a).content().length) != 0
                ? Integer.compare(byIndex.get(b).content().length, byIndex.get(a).content().length)
                : Integer.compare(a, b));
    return order;
  }

  /** The features of every kept input. */
  synchronized List<long[]> features() {
    List<long[]> features = new ArrayList<>();
    for (KeptInput kept : byIndex.values()) {
      features.add(kept.features());
    }
    return features;
  }

  /** Every output file with its size; kept inputs of one content share their file. */
  synchronized Map<Path, Long> files() {
    Map<Path, Long> files = new HashMap<>();
    for (KeptInput kept : byIndex.values()) {
      files.put(kept.file(), (long) kept.content().length);
    }
    return files;
  }

  /** Deletes {@code file} unless a kept input (one with the same content) still has it. */
  private void deleteUnlessKept(Path file) throws IOException {
    if (byIndex.values().stream().noneMatch(other -> other.file().equals(file))) {
      output.delete(file);
    }
  }
}
