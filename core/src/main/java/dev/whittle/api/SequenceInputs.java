package dev.whittle.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import com.google.common.collect.ImmutableList;
import com.google.common.hash.Hashing;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apiguardian.api.API;

/** Static factories for the granularities every reducer understands. */
@API(status = STABLE, since = "0.1")
public final class SequenceInputs {
  private SequenceInputs() {}

  /** Each byte is an item. The array is copied. */
  public static SequenceInput<byte[]> bytes(byte[] data) {
    checkNotNull(data, "data");
    return new ByteInput(data.clone());
  }

  /** Each UTF-16 character is an item. */
  public static SequenceInput<String> chars(String text) {
    checkNotNull(text, "text");
    return new CharInput(text);
  }

  /** Each line, with its line terminator, is an item; a last line without one is an item too. */
  public static SequenceInput<String> lines(String text) {
    checkNotNull(text, "text");
    return new ListInput<>(
        splitLines(text), "lines", parts -> String.join("", parts), SequenceInputs::splitLines);
  }

  /**
   * Each element is an item; elements MUST NOT be null and are compared by {@code hashCode}, so
   * equal elements must hash alike.
   */
  public static <T> SequenceInput<List<T>> list(List<T> items) {
    checkNotNull(items, "items");
    return new ListInput<T, List<T>>(
        ImmutableList.copyOf(items), "items", ImmutableList::copyOf, ImmutableList::copyOf);
  }

  static List<String> splitLines(String text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines.add(text.substring(start, i + 1));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  /** Spreads small values (bytes, chars, hash codes) over 64 bits. */
  static long mix(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static final class ByteInput implements SequenceInput<byte[]> {
    private final byte[] data;

    ByteInput(byte[] data) {
      this.data = data;
    }

    @Override
    public int size() {
      return data.length;
    }

    @Override
    public long itemHash(int index) {
      return mix(data[index]);
    }

    @Override
    public byte[] assemble(KeptRanges kept) {
      byte[] out = new byte[kept.size()];
      int at = 0;
      for (int k = 0; k < kept.rangeCount(); k++) {
        int length = kept.end(k) - kept.start(k);
        System.arraycopy(data, kept.start(k), out, at, length);
        at += length;
      }
      return out;
    }

    @Override
    public String granularity() {
      return "bytes";
    }

    @Override
    public SequenceInput<byte[]> withContent(byte[] content) {
      return bytes(content);
    }

    @Override
    public String toString() {
      return "bytes" + Arrays.toString(Arrays.copyOf(data, Math.min(16, data.length)));
    }
  }

  private static final class CharInput implements SequenceInput<String> {
    private final String text;

    CharInput(String text) {
      this.text = text;
    }

    @Override
    public int size() {
      return text.length();
    }

    @Override
    public long itemHash(int index) {
      return mix(text.charAt(index));
    }

    @Override
    public String assemble(KeptRanges kept) {
      StringBuilder out = new StringBuilder(kept.size());
      for (int k = 0; k < kept.rangeCount(); k++) {
        out.append(text, kept.start(k), kept.end(k));
      }
      return out.toString();
    }

    @Override
    public String granularity() {
      return "chars";
    }

    @Override
    public SequenceInput<String> withContent(String content) {
      return chars(content);
    }
  }

  /**
   * Items held as a list, joined back by a function of the kept items. Their hashes are computed
   * once: the engine asks for them again and again, and a line's costs a pass over the line.
   */
  private static final class ListInput<T, C> implements SequenceInput<C> {
    private final List<T> items;
    private final long[] hashes;
    private final String granularity;
    private final Function<List<T>, C> join;
    private final Function<C, List<T>> split;

    ListInput(
        List<T> items, String granularity, Function<List<T>, C> join, Function<C, List<T>> split) {
      this.items = items;
      this.hashes = new long[items.size()];
      for (int i = 0; i < hashes.length; i++) {
        hashes[i] = hash(items.get(i));
      }
      this.granularity = granularity;
      this.join = join;
      this.split = split;
    }

    private static long hash(Object item) {
      if (item instanceof CharSequence text) {
        // Lines and tokens get a full 64-bit hash: String.hashCode alone collides too easily.
        return Hashing.murmur3_128().hashUnencodedChars(text).asLong();
      }
      return mix(item.hashCode());
    }

    @Override
    public int size() {
      return items.size();
    }

    @Override
    public long itemHash(int index) {
      return hashes[index];
    }

    @Override
    public C assemble(KeptRanges kept) {
      List<T> out = new ArrayList<>(kept.size());
      for (int k = 0; k < kept.rangeCount(); k++) {
        out.addAll(items.subList(kept.start(k), kept.end(k)));
      }
      return join.apply(out);
    }

    @Override
    public String granularity() {
      return granularity;
    }

    @Override
    public SequenceInput<C> withContent(C content) {
      checkNotNull(content, "content");
      return new ListInput<>(ImmutableList.copyOf(split.apply(content)), granularity, join, split);
    }
  }
}
