package dev.whittle.samples.heldout;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseProblemException;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.JavadocComment;
import java.nio.charset.StandardCharsets;

/**
 * Jazzer target over JavaParser 3.6.0: a compilation unit parsed, its Javadoc comments parsed, and
 * the tree printed back. A source file that does not parse must fail with {@link
 * ParseProblemException}; JavaParser's generated parser recurses once per nesting level, so deeply
 * nested expressions overflow the stack, and its Javadoc parser and printer throw unchecked
 * exceptions on some comments.
 */
public final class JavaSourceFuzzer {
  private JavaSourceFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    CompilationUnit unit;
    try {
      unit = JavaParser.parse(new String(data, StandardCharsets.UTF_8));
    } catch (ParseProblemException e) {
      return; // The documented failure on a source file that does not parse.
    }
    for (Comment comment : unit.getAllContainedComments()) {
      if (comment instanceof JavadocComment javadoc) {
        javadoc.parse().toText();
      }
    }
    unit.toString();
  }
}
