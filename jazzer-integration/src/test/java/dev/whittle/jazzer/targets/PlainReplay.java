package dev.whittle.jazzer.targets;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a user does with a result: runs the target once on it in a plain JVM of its own, without
 * Whittle. Prints "thrown CLASS" or "none".
 */
public final class PlainReplay {
  private PlainReplay() {}

  public static void main(String[] args) throws Exception {
    byte[] input = Files.readAllBytes(Path.of(args[1]));
    try {
      Class.forName(args[0]).getMethod("fuzzerTestOneInput", byte[].class).invoke(null, input);
      System.out.println("none");
    } catch (InvocationTargetException e) {
      System.out.println("thrown " + e.getCause().getClass().getName());
    }
  }
}
