package dev.whittle.jazzer.bytecode.instrumentation;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.bytecode.flow.ProbePlacement;
import dev.whittle.jazzer.bytecode.runtime.CoverageRuntime;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * Adds hit counters to a class as {@link ProbePlacement} places them. A probe is {@code
 * counters[i]++} on the class's array of counters, which a synthetic private static method {@value
 * #ACCESSOR} fetches once from {@link CoverageRuntime} and keeps in a synthetic private static
 * field of the same name (private static members leave the default {@code serialVersionUID} as it
 * was, and no class initializer is added). An interface, which can have no such field, asks {@link
 * CoverageRuntime#interfaceProbes} at each probe.
 *
 * <p>Probes are numbered in the order of the class file's methods and, within a method, of the
 * placement, so the same class file gets the same numbers in every load, job and process: an edge
 * is (class name, probe index).
 *
 * <p>Stack-map frames are kept, never computed (computing them would load classes): the class is
 * read with its frames expanded, a probe on a fall-through edge or before a jump, return or throw
 * needs no frame, and a conditional jump or switch case into a join point goes through a trampoline
 * at the end of the method (probe, {@code goto} target) whose frame is the target's own. Line
 * numbers stay, so stack traces and dedup tokens are the same as without probes.
 */
@API(status = INTERNAL, since = "0.1")
public final class CoverageInstrumenter {
  /** The synthetic field and method every instrumented class gets. */
  public static final String ACCESSOR = "$whittleProbes";

  private static final String COUNTERS = "[I";
  private static final String ACCESSOR_DESCRIPTOR = "()[I";
  private static final String RUNTIME = Type.getInternalName(CoverageRuntime.class);
  private static final String RUNTIME_DESCRIPTOR = "(Ljava/lang/Class;I)[I";

  /** Each probe pushes at most this much on top of what the method had. */
  private static final int PROBE_STACK = 4;

  private CoverageInstrumenter() {}

  /** A class file with its probes, and how many it has (0: returned as it was). */
  public record Instrumented(byte[] classFile, int probes) {}

  /**
   * {@code classFile} with probes, or itself with 0 probes when it cannot or need not have any: no
   * code, a class file older than Java 5 (no class constants to find its counters with), one
   * already instrumented, or one that would grow beyond the JVM's limits.
   *
   * @throws IllegalArgumentException if ASM cannot read the class file
   */
  public static Instrumented instrument(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    ClassNode node = new ClassNode();
    reader.accept(node, ClassReader.EXPAND_FRAMES);
    int major = node.version & 0xFFFF;
    boolean isInterface = (node.access & Opcodes.ACC_INTERFACE) != 0;
    if (major < Opcodes.V1_5
        || (node.access & Opcodes.ACC_MODULE) != 0
        || alreadyInstrumented(node)) {
      return new Instrumented(classFile, 0);
    }
    boolean hasFrames = major >= Opcodes.V1_6;
    Probes probes = new Probes(node.name, isInterface);
    for (MethodNode method : new ArrayList<>(node.methods)) {
      if (ProbePlacement.instrumentable(method)) {
        instrumentMethod(method, probes, hasFrames);
      }
    }
    if (probes.count == 0) {
      return new Instrumented(classFile, 0);
    }
    probes.setCount();
    if (!isInterface) {
      addAccessor(node, probes.count, hasFrames);
    }
    ClassWriter writer = new ClassWriter(0);
    try {
      node.accept(writer);
      return new Instrumented(writer.toByteArray(), probes.count);
    } catch (MethodTooLargeException | ClassTooLargeException e) {
      return new Instrumented(classFile, 0); // Counted nowhere rather than not loadable.
    }
  }

  private static boolean alreadyInstrumented(ClassNode node) {
    for (FieldNode field : node.fields) {
      if (field.name.equals(ACCESSOR)) {
        return true;
      }
    }
    for (MethodNode method : node.methods) {
      if (method.name.equals(ACCESSOR)) {
        return true;
      }
    }
    return false;
  }

  /** Numbers the probes of a class and makes the code of each. */
  private static final class Probes {
    private final String owner;
    private final boolean isInterface;
    private final List<LdcInsnNode> countConstants = new ArrayList<>();
    int count;

    Probes(String owner, boolean isInterface) {
      this.owner = owner;
      this.isInterface = isInterface;
    }

    /** {@code counters[next]++}, with no net stack effect and no frame of its own. */
    InsnList next() {
      InsnList code = new InsnList();
      if (isInterface) {
        code.add(new LdcInsnNode(Type.getObjectType(owner)));
        LdcInsnNode probeCount = new LdcInsnNode(0); // Patched once the count is known.
        countConstants.add(probeCount);
        code.add(probeCount);
        code.add(
            new MethodInsnNode(
                Opcodes.INVOKESTATIC, RUNTIME, "interfaceProbes", RUNTIME_DESCRIPTOR, false));
      } else {
        code.add(
            new MethodInsnNode(Opcodes.INVOKESTATIC, owner, ACCESSOR, ACCESSOR_DESCRIPTOR, false));
      }
      code.add(pushInt(count++));
      code.add(new InsnNode(Opcodes.DUP2));
      code.add(new InsnNode(Opcodes.IALOAD));
      code.add(new InsnNode(Opcodes.ICONST_1));
      code.add(new InsnNode(Opcodes.IADD));
      code.add(new InsnNode(Opcodes.IASTORE));
      return code;
    }

    void setCount() {
      for (LdcInsnNode constant : countConstants) {
        constant.cst = count;
      }
    }
  }

  private static void instrumentMethod(MethodNode method, Probes probes, boolean hasFrames) {
    ProbePlacement placement = ProbePlacement.of(method);
    InsnList insns = method.instructions;
    int before = probes.count;
    if (placement.entryIsJoin) {
      AbstractInsnNode firstNode = insns.getFirst();
      // Code before an implicit frame at offset 0 would leave a jump target without its frame.
      boolean explicitFrame =
          firstNode instanceof LabelNode label && ProbePlacement.frameAt(label) != null;
      if (!hasFrames || explicitFrame) {
        insns.insert(probes.next());
      }
    }
    for (ProbePlacement.FallThrough edge : placement.fallThroughs) {
      insns.insert(edge.before(), probes.next());
    }
    for (AbstractInsnNode exit : placement.exits) {
      insns.insertBefore(exit, probes.next());
    }
    for (AbstractInsnNode entry : placement.handlerEntries) {
      insns.insertBefore(entry, probes.next());
    }
    InsnList tail = new InsnList();
    Map<AbstractInsnNode, Map<AbstractInsnNode, LabelNode>> switchTrampolines =
        new IdentityHashMap<>();
    for (ProbePlacement.JumpEdge edge : placement.jumpEdges) {
      AbstractInsnNode source = edge.source();
      if (source.getOpcode() == Opcodes.GOTO) {
        insns.insertBefore(source, probes.next());
        continue;
      }
      if (hasFrames && edge.frame() == null) {
        continue; // A jump target without a frame: no valid place for a trampoline.
      }
      LabelNode trampoline = new LabelNode();
      tail.add(trampoline);
      if (hasFrames) {
        tail.add(copy(edge.frame()));
      }
      tail.add(probes.next());
      tail.add(new JumpInsnNode(Opcodes.GOTO, edge.target()));
      if (source instanceof JumpInsnNode jump) {
        jump.label = trampoline;
      } else {
        switchTrampolines
            .computeIfAbsent(source, ignored -> new IdentityHashMap<>())
            .put(ProbePlacement.nextReal(edge.target()), trampoline);
      }
    }
    switchTrampolines.forEach(
        (source, byTarget) -> {
          if (source instanceof TableSwitchInsnNode table) {
            table.labels.replaceAll(
                label -> byTarget.getOrDefault(ProbePlacement.nextReal(label), label));
            table.dflt = byTarget.getOrDefault(ProbePlacement.nextReal(table.dflt), table.dflt);
          } else if (source instanceof LookupSwitchInsnNode lookup) {
            lookup.labels.replaceAll(
                label -> byTarget.getOrDefault(ProbePlacement.nextReal(label), label));
            lookup.dflt = byTarget.getOrDefault(ProbePlacement.nextReal(lookup.dflt), lookup.dflt);
          }
        });
    if (tail.size() > 0) {
      insns.add(tail);
    }
    if (probes.count > before) {
      method.maxStack += PROBE_STACK;
    }
  }

  private static FrameNode copy(FrameNode frame) {
    return new FrameNode(
        Opcodes.F_NEW,
        frame.local.size(),
        frame.local.toArray(),
        frame.stack.size(),
        frame.stack.toArray());
  }

  /**
   * {@code private static synthetic int[] $whittleProbes} and the method that fills it at its first
   * call: two threads may both ask the runtime, which gives both the same array.
   */
  private static void addAccessor(ClassNode node, int probeCount, boolean hasFrames) {
    int flags = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
    node.fields.add(new FieldNode(flags | Opcodes.ACC_TRANSIENT, ACCESSOR, COUNTERS, null, null));
    MethodNode accessor = new MethodNode(flags, ACCESSOR, ACCESSOR_DESCRIPTOR, null, null);
    InsnList code = accessor.instructions;
    LabelNode known = new LabelNode();
    code.add(new FieldInsnNode(Opcodes.GETSTATIC, node.name, ACCESSOR, COUNTERS));
    code.add(new InsnNode(Opcodes.DUP));
    code.add(new JumpInsnNode(Opcodes.IFNONNULL, known));
    code.add(new InsnNode(Opcodes.POP));
    code.add(new LdcInsnNode(Type.getObjectType(node.name)));
    code.add(pushInt(probeCount));
    code.add(
        new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME, "probes", RUNTIME_DESCRIPTOR, false));
    code.add(new InsnNode(Opcodes.DUP));
    code.add(new FieldInsnNode(Opcodes.PUTSTATIC, node.name, ACCESSOR, COUNTERS));
    code.add(known);
    if (hasFrames) {
      code.add(new FrameNode(Opcodes.F_NEW, 0, new Object[0], 1, new Object[] {COUNTERS}));
    }
    code.add(new InsnNode(Opcodes.ARETURN));
    accessor.maxStack = 2;
    accessor.maxLocals = 0;
    node.methods.add(accessor);
  }

  private static AbstractInsnNode pushInt(int value) {
    if (value >= -1 && value <= 5) {
      return new InsnNode(Opcodes.ICONST_0 + value);
    }
    if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      return new IntInsnNode(Opcodes.BIPUSH, value);
    }
    if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      return new IntInsnNode(Opcodes.SIPUSH, value);
    }
    return new LdcInsnNode(value);
  }
}
