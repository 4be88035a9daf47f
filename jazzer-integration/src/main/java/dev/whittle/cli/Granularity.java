package dev.whittle.cli;

import dev.whittle.api.SequenceInput;
import dev.whittle.api.SequenceInputs;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Function;

/** What one item of the input file is: a byte, a UTF-8 decoded character, or a line. */
enum Granularity {
  BYTES(ByteCodec.INSTANCE),
  CHARS(new Utf8Codec(SequenceInputs::chars)),
  LINES(new Utf8Codec(SequenceInputs::lines));

  /** The default: bytes work for every file and never change what the test command sees. */
  static final String DEFAULT = "bytes";

  private final ContentCodec<?> codec;

  Granularity(ContentCodec<?> codec) {
    this.codec = codec;
  }

  ContentCodec<?> codec() {
    return codec;
  }

  /** The codec of {@link #BYTES}, with its content type: passes over bytes need it. */
  static ContentCodec<byte[]> byteCodec() {
    return ByteCodec.INSTANCE;
  }

  /** The name the command line accepts and prints. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }

  private static final class ByteCodec implements ContentCodec<byte[]> {
    static final ByteCodec INSTANCE = new ByteCodec();

    @Override
    public SequenceInput<byte[]> split(byte[] data) {
      return SequenceInputs.bytes(data);
    }

    @Override
    public byte[] encode(byte[] candidate) {
      return candidate;
    }
  }

  /** Text items: the file must be valid UTF-8, and candidates are encoded back to UTF-8. */
  private static final class Utf8Codec implements ContentCodec<String> {
    private final Function<String, SequenceInput<String>> splitter;

    Utf8Codec(Function<String, SequenceInput<String>> splitter) {
      this.splitter = splitter;
    }

    @Override
    public SequenceInput<String> split(byte[] data) {
      return splitter.apply(decodeStrictly(data));
    }

    @Override
    public byte[] encode(String candidate) {
      return candidate.getBytes(StandardCharsets.UTF_8);
    }

    /** Refuses malformed UTF-8 rather than replacing it, which would change the input. */
    private static String decodeStrictly(byte[] data) {
      CharsetDecoder decoder =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT);
      ByteBuffer buffer = ByteBuffer.wrap(data);
      try {
        return decoder.decode(buffer).toString();
      } catch (CharacterCodingException e) {
        throw new MalformedInputFileException(
            "not valid UTF-8 (first bad byte at offset " + buffer.position() + ")");
      }
    }
  }
}
