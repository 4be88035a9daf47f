package dev.whittle.jazzer.passes;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.tree.lenient.LenientFormats;

/**
 * A tree pass that applies only to content that looks like text. Whether a crash is text is asked
 * of the current content, not the crash file: Jazzer's mutations leave NULs in a regular
 * expression, and the crash reads as binary until the bytes' deletions took them out; from then on
 * the tree passes pair its brackets ({@code ({)} to {@code {}).
 */
final class TextOnlyPass implements ForwardingPass<byte[]> {
  private final Pass<byte[]> pass;

  TextOnlyPass(Pass<byte[]> pass) {
    this.pass = pass;
  }

  @Override
  public Pass<byte[]> pass() {
    return pass;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    return pass.reduce(current, tester);
  }

  @Override
  public boolean appliesTo(byte[] content) {
    return LenientFormats.looksLikeText(content) && pass.appliesTo(content);
  }

  @Override
  public String toString() {
    return pass.toString();
  }
}
