package dev.whittle.jazzer.target;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.targets.ExitCallsTarget;
import dev.whittle.jazzer.targets.PlainTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The exit trap as a round trip over real compiled classes, loaded through TargetClassLoader. */
class ExitCallRewriterTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  @Test
  void eachKindOfExitEndsTheRunWithItsStatusAndTheRunnerGoesOn() {
    Map<String, Integer> statuses = new LinkedHashMap<>();
    statuses.put("S", 11); // System.exit
    statuses.put("R", 12); // Runtime.exit
    statuses.put("H", 13); // Runtime.halt
    statuses.put("M", 14); // System::exit
    statuses.put("B", 15); // Runtime.getRuntime()::halt
    try (TargetRunner runner = open(ExitCallsTarget.class)) {
      for (Map.Entry<String, Integer> entry : statuses.entrySet()) {
        assertEquals(
            Finding.exit(entry.getValue()),
            runner.run(entry.getKey().getBytes(UTF_8)),
            entry.getKey());
        assertNull(runner.run("x".getBytes(UTF_8)), "after " + entry.getKey());
      }
    }
  }

  @Test
  void anExitOnAThreadTheTargetStartedCountsForTheRun() {
    try (TargetRunner runner = open(ExitCallsTarget.class)) {
      assertEquals(Finding.exit(16), runner.run("T".getBytes(UTF_8)));
      assertNull(runner.run("x".getBytes(UTF_8)));
    }
  }

  @Test
  void theTrapThrowsAnErrorOfWhittlesThatNamesTheCallAndStatus() throws Exception {
    try (TargetClassLoader loader = loader()) {
      Method entry =
          loader
              .loadClass(ExitCallsTarget.class.getName())
              .getMethod("fuzzerTestOneInput", byte[].class);

      InvocationTargetException thrown =
          org.junit.jupiter.api.Assertions.assertThrows(
              InvocationTargetException.class, () -> entry.invoke(null, (Object) bytes("R")));

      TargetExitRequest request = assertInstanceOf(TargetExitRequest.class, thrown.getCause());
      assertEquals(12, request.status());
      assertTrue(request.getMessage().startsWith("Runtime.exit(12)"), request.getMessage());
      assertEquals(
          ExitCallsTarget.class.getName(),
          request.getStackTrace()[2].getClassName(),
          "trap frames");
    }
  }

  @Test
  void rewritingChangesOnlyTheCallsNotLinesFramesOrStackSizes() throws IOException {
    byte[] original = classFile(ExitCallsTarget.class);

    byte[] rewritten = ExitCallRewriter.rewrite(original);

    assertNotEquals(Arrays.hashCode(original), Arrays.hashCode(rewritten));
    assertTrue(ExitCallRewriter.refersToAnExit(new ClassReader(original)));
    assertEquals(
        List.of(
            "INVOKESTATIC java/lang/System.exit(I)V",
            "INVOKEVIRTUAL java/lang/Runtime.exit(I)V",
            "INVOKEVIRTUAL java/lang/Runtime.halt(I)V",
            "HANDLE java/lang/System.exit(I)V",
            "HANDLE java/lang/Runtime.halt(I)V",
            "INVOKESTATIC java/lang/System.exit(I)V"), // In the thread's lambda.
        exitsUsedBy(original));
    String trap = ExitCallRewriter.TRAP;
    assertEquals(
        List.of(
            "INVOKESTATIC " + trap + ".exit(I)V",
            "INVOKESTATIC " + trap + ".exit(Ljava/lang/Runtime;I)V",
            "INVOKESTATIC " + trap + ".halt(Ljava/lang/Runtime;I)V",
            "HANDLE " + trap + ".exit(I)V",
            "HANDLE " + trap + ".halt(Ljava/lang/Runtime;I)V",
            "INVOKESTATIC " + trap + ".exit(I)V"),
        exitsUsedBy(rewritten));
    assertEquals(Shape.of(original), Shape.of(rewritten));
  }

  @Test
  void bytesThatNameNoExitAreNotParsedAtAll() {
    // Not a class file: parsing it fails, so returning it as it is shows it was never parsed, as
    // the classes of a target that name no exit (nearly all of them) need not be.
    byte[] notAClass =
        "0123456789abcdef: a method named exits, a field named halted".getBytes(UTF_8);

    assertSame(notAClass, ExitCallRewriter.rewrite(notAClass));
  }

  @Test
  void aClassNamingAnExitElsewhereIsCheckedAndKeptAsItIs() throws IOException {
    byte[] original = classFile(NamesExitWithoutCallingIt.class);

    assertTrue(ExitCallRewriter.namesAnExit(original));
    assertSame(original, ExitCallRewriter.rewrite(original));
  }

  @Test
  void theSearchFindsEitherNameAtAnyPlaceAndNothingElse() {
    byte[] exit = {1, 0, 4, 'e', 'x', 'i', 't'};
    byte[] halt = {1, 0, 4, 'h', 'a', 'l', 't'};
    for (byte[] name : List.of(exit, halt)) {
      for (int before = 0; before < 20; before++) {
        for (int after = 0; after < 3; after++) {
          byte[] bytes = new byte[before + name.length + after];
          Arrays.fill(bytes, (byte) 't');
          System.arraycopy(name, 0, bytes, before, name.length);
          assertTrue(ExitCallRewriter.namesAnExit(bytes), () -> Arrays.toString(bytes));
          bytes[before + 2] = 5; // Another length: not the entry.
          assertFalse(ExitCallRewriter.namesAnExit(bytes), () -> Arrays.toString(bytes));
        }
      }
    }
    assertFalse(ExitCallRewriter.namesAnExit(new byte[] {4, 'e', 'x', 'i', 't'}));
  }

  /** Has a method named {@code exit} and a string "halt", and calls no exit of the JDK's. */
  static final class NamesExitWithoutCallingIt {
    static String exit(int status) {
      return "halt" + status;
    }
  }

  @Test
  void aClassWithoutExitsIsDefinedFromItsOwnBytes() throws IOException {
    byte[] original = classFile(PlainTarget.class);

    assertSame(original, ExitCallRewriter.rewrite(original));
  }

  @Test
  void theTrapIsWhittlesOwnEvenWhenTheClassPathHoldsWhittleButTargetsStayChildFirst()
      throws Exception {
    List<URL> classPath = new ArrayList<>(TargetPaths.classPathUrls());
    classPath.add(TargetPaths.codeSourceOf(ExitTrap.class).toUri().toURL());
    try (TargetClassLoader loader =
        new TargetClassLoader(
            classPath, ClassLoader.getPlatformClassLoader(), true, new CurrentRun())) {
      assertSame(ExitTrap.class, loader.loadClass(ExitTrap.class.getName()));
      assertSame(TargetExitRequest.class, loader.loadClass(TargetExitRequest.class.getName()));
      Class<?> target = loader.loadClass(ExitCallsTarget.class.getName());
      assertSame(loader, target.getClassLoader());
      assertEquals(
          TargetPaths.codeSourceOf(ExitCallsTarget.class),
          TargetPaths.codeSourceOf(target),
          "the code source stays the class path entry");
    }
  }

  private static TargetRunner open(Class<?> target) {
    return TargetRunner.open(
        TargetSpec.of(target.getName(), TargetPaths.classPathUrls()), TIMEOUT, false);
  }

  private static TargetClassLoader loader() {
    return new TargetClassLoader(
        TargetPaths.classPathUrls(),
        ExitCallRewriterTest.class.getClassLoader(),
        true,
        new CurrentRun());
  }

  private static byte[] classFile(Class<?> type) throws IOException {
    try (InputStream in =
        type.getResourceAsStream("/" + type.getName().replace('.', '/') + ".class")) {
      return in.readAllBytes();
    }
  }

  /** The calls and method handles of exits or of the trap, in the order of the class file. */
  private static List<String> exitsUsedBy(byte[] classFile) {
    List<String> used = new ArrayList<>();
    new ClassReader(classFile)
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public MethodVisitor visitMethod(
                  int access, String name, String desc, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitMethodInsn(
                      int opcode, String owner, String method, String type, boolean itf) {
                    note(
                        (opcode == Opcodes.INVOKESTATIC ? "INVOKESTATIC " : "INVOKEVIRTUAL ")
                            + owner
                            + "."
                            + method
                            + type);
                  }

                  @Override
                  public void visitInvokeDynamicInsn(
                      String method, String type, Handle bootstrap, Object... arguments) {
                    for (Object argument : arguments) {
                      if (argument instanceof Handle handle) {
                        note(
                            "HANDLE "
                                + handle.getOwner()
                                + "."
                                + handle.getName()
                                + handle.getDesc());
                      }
                    }
                  }

                  private void note(String use) {
                    if (use.contains("System.exit")
                        || use.contains("Runtime.exit")
                        || use.contains("Runtime.halt")
                        || use.contains(ExitCallRewriter.TRAP)) {
                      used.add(use);
                    }
                  }
                };
              }
            },
            0);
    return used;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  /** Per method: its line numbers, stack-map frames and maximum sizes, as ASM reads them. */
  private record Shape(List<String> methods) {
    static Shape of(byte[] classFile) {
      List<String> methods = new ArrayList<>();
      new ClassReader(classFile)
          .accept(
              new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(
                    int access, String name, String desc, String signature, String[] exceptions) {
                  StringBuilder shape = new StringBuilder(name + desc);
                  methods.add(null);
                  int index = methods.size() - 1;
                  return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitLineNumber(int line, Label start) {
                      shape.append(" line ").append(line);
                    }

                    @Override
                    public void visitFrame(
                        int type, int locals, Object[] local, int stack, Object[] stackItems) {
                      shape
                          .append(" frame ")
                          .append(type)
                          .append(Arrays.toString(Arrays.copyOf(local, locals)))
                          .append(Arrays.toString(Arrays.copyOf(stackItems, stack)));
                    }

                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                      shape.append(" maxs ").append(maxStack).append('/').append(maxLocals);
                    }

                    @Override
                    public void visitEnd() {
                      methods.set(index, shape.toString());
                    }
                  };
                }
              },
              0);
      return new Shape(methods);
    }
  }

  @Test
  void theShapeComparisonSeesAChangedLine() throws IOException {
    // Guards the comparison above against comparing nothing.
    assertNotEquals(
        Shape.of(classFile(ExitCallsTarget.class)), Shape.of(classFile(PlainTarget.class)));
    assertArrayEquals(
        classFile(ExitCallsTarget.class), classFile(ExitCallsTarget.class), "read twice");
  }
}
