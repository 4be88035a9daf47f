package dev.whittle.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The command line's own standard output and error, taken once before any target code runs, so that
 * the report reaches the user whatever a target does to {@code System.out} and {@code System.err}.
 * The target sees stand-ins on the same streams whose {@code close} only flushes: closing {@code
 * System.out} would close the process's file descriptor itself, for every stream on it. A target
 * may replace {@code System.out} or {@code System.err}; the command line keeps writing to what it
 * took.
 */
final class ProcessStreams {
  private final PrintWriter out;
  private final PrintWriter err;
  private final PrintStream errStream;

  private ProcessStreams(PrintStream out, PrintStream err) {
    this.out = new PrintWriter(new OutputStreamWriter(out, charsetOf("stdout")), true);
    this.err = new PrintWriter(new OutputStreamWriter(err, charsetOf("stderr")), true);
    this.errStream = err;
  }

  /** Takes the process's streams and gives {@code System.out} and {@code System.err} stand-ins. */
  static ProcessStreams take() {
    PrintStream out = System.out;
    PrintStream err = System.err;
    System.setOut(new PrintStream(new Unclosable(out), true));
    System.setErr(new PrintStream(new Unclosable(err), true));
    return new ProcessStreams(out, err);
  }

  PrintWriter out() {
    return out;
  }

  PrintWriter err() {
    return err;
  }

  PrintStream errStream() {
    return errStream;
  }

  void flush() {
    out.flush();
    err.flush();
    errStream.flush();
  }

  /**
   * The charset the JVM writes {@code name} ("stdout" or "stderr") in, as picocli picks it for its
   * own writers: the console's when the JVM names one, else the default.
   */
  private static Charset charsetOf(String name) {
    for (String property : new String[] {name + ".encoding", "sun." + name + ".encoding"}) {
      String charset = System.getProperty(property);
      if (charset != null && Charset.isSupported(charset)) {
        return Charset.forName(charset);
      }
    }
    return Charset.defaultCharset();
  }

  /** A stream whose {@code close} flushes and leaves the stream under it open. */
  private static final class Unclosable extends FilterOutputStream {
    Unclosable(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      flush();
    }
  }
}
