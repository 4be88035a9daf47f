package dev.whittle.jazzer.target;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a target class so that each of its one-dimensional array allocations ({@code newarray},
 * {@code anewarray}) first passes its element count through {@link AllocationCheck}, which throws
 * at once where the JVM would throw only after filling and collecting its heap.
 *
 * <p>The inserted {@code invokestatic} takes the count and returns it, so the operand stack, its
 * maximum and the stack-map frames stay as they were (the frames are copied, never computed, which
 * would load classes); it sits on the allocation's line, so every frame keeps its line number. A
 * class without array allocations is returned as it was read, and so is one the rewriting would
 * make invalid (a method grown past the class file's limit): it then allocates as before.
 */
final class AllocationRewriter {
  static final String CHECK = Type.getInternalName(AllocationCheck.class);

  private AllocationRewriter() {}

  /** The class file with its array allocations checked, or {@code classFile} if it has none. */
  static byte[] rewrite(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(reader, 0);
    Checking checking = new Checking(writer);
    try {
      reader.accept(checking, 0);
      return checking.allocations == 0 ? classFile : writer.toByteArray();
    } catch (RuntimeException e) {
      return classFile; // ASM's refusal of a method grown too large, among others
    }
  }

  /** The check method for an array of {@code type} ({@code T_BYTE} and so on). */
  static String checkFor(int type) {
    return switch (type) {
      case Opcodes.T_BOOLEAN, Opcodes.T_BYTE -> "count1";
      case Opcodes.T_CHAR, Opcodes.T_SHORT -> "count2";
      case Opcodes.T_INT, Opcodes.T_FLOAT -> "count4";
      default -> "count8";
    };
  }

  private static final class Checking extends ClassVisitor {
    int allocations;

    Checking(ClassVisitor next) {
      super(Opcodes.ASM9, next);
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String name, String descriptor, String signature, String[] exceptions) {
      MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
      return new MethodVisitor(Opcodes.ASM9, next) {
        @Override
        public void visitIntInsn(int opcode, int operand) {
          if (opcode == Opcodes.NEWARRAY) {
            check(checkFor(operand));
          }
          super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
          if (opcode == Opcodes.ANEWARRAY) {
            check("count4");
          }
          super.visitTypeInsn(opcode, type);
        }

        private void check(String method) {
          allocations++;
          super.visitMethodInsn(Opcodes.INVOKESTATIC, CHECK, method, "(I)I", false);
        }
      };
    }
  }
}
