package dev.whittle.jazzer.target;

import java.util.Arrays;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a target class so that its calls of {@code System.exit(int)}, {@code Runtime.exit(int)}
 * and {@code Runtime.halt(int)} call {@link ExitTrap} instead: the way to refuse an exit that every
 * JDK has, now that JDK 24 and later have no SecurityManager.
 *
 * <p>Each replacement is an {@code invokestatic} with the stack effect of the call it replaces (the
 * {@code Runtime} receiver becomes the trap's first argument), and an instruction of the same
 * length; nothing else changes. So the class keeps its line numbers, its stack-map frames (copied
 * as they are: computing them would load classes) and its maximum stack, and the stack frames dedup
 * tokens are made of stay as Jazzer sees them. Method references ({@code System::exit}) and method
 * handle constants are redirected as well. Exits reached through reflection or a method handle
 * looked up at run time are not seen.
 *
 * <p>A class without such calls is returned as it was read, byte for byte.
 */
final class ExitCallRewriter {
  static final String TRAP = Type.getInternalName(ExitTrap.class);

  private static final String SYSTEM = "java/lang/System";
  private static final String RUNTIME = "java/lang/Runtime";
  private static final String EXIT_DESCRIPTOR = "(I)V";
  private static final String TRAP_RECEIVER_DESCRIPTOR = "(Ljava/lang/Runtime;I)V";

  /** {@code CONSTANT_Methodref}: every call and method handle of an exit refers to one. */
  private static final int METHODREF_TAG = 10;

  private ExitCallRewriter() {}

  /**
   * The constant pool entries an exit's name is: {@code CONSTANT_Utf8} (tag 1), length 4, the
   * letters. Every call or handle of an exit names one of them through its {@code Methodref}. Both
   * end in 't', which neither has before its end.
   */
  private static final byte[] EXIT_NAME = {1, 0, 4, 'e', 'x', 'i', 't'};

  private static final byte[] HALT_NAME = {1, 0, 4, 'h', 'a', 'l', 't'};

  /**
   * Horspool's shifts for the two names at once: how far the window may move when its last byte is
   * the index, the least of the two names' shifts.
   */
  private static final byte[] SHIFTS = new byte[256];

  static {
    Arrays.fill(SHIFTS, (byte) EXIT_NAME.length);
    for (byte[] name : new byte[][] {EXIT_NAME, HALT_NAME}) {
      for (int i = 0; i < name.length - 1; i++) {
        int shift = name.length - 1 - i;
        SHIFTS[name[i] & 0xff] = (byte) Math.min(SHIFTS[name[i] & 0xff], shift);
      }
    }
  }

  /** The class file with its exit calls redirected, or {@code classFile} itself if it has none. */
  static byte[] rewrite(byte[] classFile) {
    // Most classes name no exit at all: a search of the bytes settles them without parsing the
    // constant pool, which every class the target loads (twice, with the verification) paid.
    if (!namesAnExit(classFile)) {
      return classFile;
    }
    ClassReader reader = new ClassReader(classFile);
    if (!refersToAnExit(reader)) {
      return classFile;
    }
    // Flags 0: frames and maximum stack sizes are copied, never computed.
    ClassWriter writer = new ClassWriter(reader, 0);
    reader.accept(new Redirecting(writer), 0);
    return writer.toByteArray();
  }

  /**
   * Whether {@code classFile} holds the constant pool entry {@code "exit"} or {@code "halt"}: a
   * Horspool search, which looks at a few of the bytes only, as this runs interpreted at first.
   */
  static boolean namesAnExit(byte[] classFile) {
    int last = EXIT_NAME.length - 1;
    for (int end = last; end < classFile.length; end += SHIFTS[classFile[end] & 0xff]) {
      if (classFile[end] == 't'
          && (endsAt(classFile, end, EXIT_NAME) || endsAt(classFile, end, HALT_NAME))) {
        return true;
      }
    }
    return false;
  }

  private static boolean endsAt(byte[] bytes, int end, byte[] name) {
    int start = end - (name.length - 1);
    for (int i = 0; i < name.length - 1; i++) {
      if (bytes[start + i] != name[i]) {
        return false;
      }
    }
    return true;
  }

  /** Whether the constant pool names one of the three exits, which every use of them needs. */
  static boolean refersToAnExit(ClassReader reader) {
    char[] buffer = new char[reader.getMaxStringLength()];
    for (int i = 1; i < reader.getItemCount(); i++) {
      int offset = reader.getItem(i);
      if (offset == 0 || reader.readByte(offset - 1) != METHODREF_TAG) {
        continue; // The second slot of a long or double, or another kind of constant.
      }
      String owner = reader.readClass(offset, buffer);
      if (!owner.equals(SYSTEM) && !owner.equals(RUNTIME)) {
        continue;
      }
      int nameAndType = reader.getItem(reader.readUnsignedShort(offset + 2));
      String name = reader.readUTF8(nameAndType, buffer);
      String descriptor = reader.readUTF8(nameAndType + 2, buffer);
      if (replacement(owner, name, descriptor) != null) {
        return true;
      }
    }
    return false;
  }

  /** The trap method for a call of {@code owner.name descriptor}, or null for any other method. */
  private static Handle replacement(String owner, String name, String descriptor) {
    if (!descriptor.equals(EXIT_DESCRIPTOR)) {
      return null;
    }
    if (owner.equals(SYSTEM) && name.equals("exit")) {
      return new Handle(Opcodes.H_INVOKESTATIC, TRAP, "exit", EXIT_DESCRIPTOR, false);
    }
    if (owner.equals(RUNTIME) && (name.equals("exit") || name.equals("halt"))) {
      return new Handle(Opcodes.H_INVOKESTATIC, TRAP, name, TRAP_RECEIVER_DESCRIPTOR, false);
    }
    return null;
  }

  /** A handle to an exit, turned into one to its trap; other constants stay as they are. */
  private static Object redirectConstant(Object constant) {
    if (constant instanceof Handle handle
        && (handle.getTag() == Opcodes.H_INVOKESTATIC
            || handle.getTag() == Opcodes.H_INVOKEVIRTUAL)) {
      Handle trap = replacement(handle.getOwner(), handle.getName(), handle.getDesc());
      if (trap != null
          && (handle.getTag() == Opcodes.H_INVOKESTATIC) == handle.getOwner().equals(SYSTEM)) {
        return trap;
      }
    }
    return constant;
  }

  private static final class Redirecting extends ClassVisitor {
    Redirecting(ClassVisitor next) {
      super(Opcodes.ASM9, next);
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String name, String descriptor, String signature, String[] exceptions) {
      return new RedirectingMethod(
          super.visitMethod(access, name, descriptor, signature, exceptions));
    }
  }

  private static final class RedirectingMethod extends MethodVisitor {
    RedirectingMethod(MethodVisitor next) {
      super(Opcodes.ASM9, next);
    }

    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String descriptor, boolean isInterface) {
      Handle trap = replacement(owner, name, descriptor);
      boolean matchingKind =
          owner.equals(SYSTEM) ? opcode == Opcodes.INVOKESTATIC : opcode == Opcodes.INVOKEVIRTUAL;
      if (trap != null && matchingKind) {
        super.visitMethodInsn(
            Opcodes.INVOKESTATIC, trap.getOwner(), trap.getName(), trap.getDesc(), false);
      } else {
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      }
    }

    @Override
    public void visitInvokeDynamicInsn(
        String name, String descriptor, Handle bootstrap, Object... arguments) {
      Object[] redirected = arguments.clone();
      for (int i = 0; i < redirected.length; i++) {
        redirected[i] = redirectConstant(redirected[i]);
      }
      super.visitInvokeDynamicInsn(name, descriptor, bootstrap, redirected);
    }

    @Override
    public void visitLdcInsn(Object value) {
      super.visitLdcInsn(redirectConstant(value));
    }
  }
}
