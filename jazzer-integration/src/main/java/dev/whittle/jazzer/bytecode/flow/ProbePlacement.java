package dev.whittle.jazzer.bytecode.flow;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.bytecode.instrumentation.CoverageInstrumenter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Where a method's probes go, as JaCoCo places them: one on every control-flow edge into a join
 * point (an instruction with more than one predecessor: fall-through, jumps, switch cases, the
 * method's entry), one before every return and {@code athrow}, and one at the entry of every
 * exception handler. Edges into instructions with one predecessor need none: their count is that of
 * the probe the predecessor's block ends with, unless a method called in between throws before that
 * probe: so, as JaCoCo does, the fall-through edge into the first instruction of a line that calls
 * a method gets a probe too (a site like {@code throw syntaxError(...)}, whose callee throws
 * itself, would otherwise never count). Pure analysis of the method as read; {@link
 * CoverageInstrumenter} inserts the probes.
 */
@API(status = INTERNAL, since = "0.1")
public final class ProbePlacement {
  /** A probe on the fall-through edge into {@code joinPoint}, placed after {@code before}. */
  public record FallThrough(AbstractInsnNode before) {}

  /**
   * A probe on the edge from a jump or switch {@code source} to {@code target}, a join point whose
   * stack-map frame is {@code frame} (null in class files without frames).
   */
  public record JumpEdge(AbstractInsnNode source, LabelNode target, FrameNode frame) {}

  /** The probes of the exits (returns and throws), of fall-through edges and of handler entries. */
  public final List<AbstractInsnNode> exits = new ArrayList<>();

  public final List<FallThrough> fallThroughs = new ArrayList<>();
  public final List<JumpEdge> jumpEdges = new ArrayList<>();

  /** Whether the method's entry is an edge into a join point (a loop at its first instruction). */
  public boolean entryIsJoin;

  /** First instructions of exception handlers: a probe before each. */
  public final Set<AbstractInsnNode> handlerEntries = new LinkedHashSet<>();

  private ProbePlacement() {}

  /** Whether the method can be instrumented: it has code, and no {@code jsr}/{@code ret}. */
  public static boolean instrumentable(MethodNode method) {
    if ((method.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0
        || method.instructions.size() == 0) {
      return false;
    }
    for (AbstractInsnNode insn : method.instructions) {
      if (insn.getOpcode() == Opcodes.JSR || insn.getOpcode() == Opcodes.RET) {
        return false; // Subroutines (class files before Java 6) share frames we cannot copy.
      }
    }
    return true;
  }

  public static ProbePlacement of(MethodNode method) {
    ProbePlacement placement = new ProbePlacement();
    Map<AbstractInsnNode, Integer> predecessors = new IdentityHashMap<>();
    AbstractInsnNode first = nextReal(method.instructions.getFirst());
    predecessors.merge(first, 1, Integer::sum); // The method's entry.
    AbstractInsnNode previous = null;
    for (AbstractInsnNode insn : method.instructions) {
      if (insn.getOpcode() < 0) {
        continue;
      }
      if (previous != null && fallsThrough(previous)) {
        predecessors.merge(insn, 1, Integer::sum);
      }
      for (LabelNode target : distinctTargets(insn)) {
        predecessors.merge(nextReal(target), 1, Integer::sum);
      }
      previous = insn;
    }

    placement.entryIsJoin = predecessors.get(first) > 1;
    Set<AbstractInsnNode> invocationLines = invocationLineStarts(method);
    previous = null;
    for (AbstractInsnNode insn : method.instructions) {
      if (insn.getOpcode() < 0) {
        continue;
      }
      if (previous != null
          && fallsThrough(previous)
          && (predecessors.get(insn) > 1 || invocationLines.contains(insn))) {
        placement.fallThroughs.add(new FallThrough(previous));
      }
      for (LabelNode target : distinctTargets(insn)) {
        AbstractInsnNode targetInsn = nextReal(target);
        if (predecessors.get(targetInsn) > 1) {
          placement.jumpEdges.add(new JumpEdge(insn, target, frameAt(target)));
        }
      }
      if (isExit(insn.getOpcode())) {
        placement.exits.add(insn);
      }
      previous = insn;
    }
    for (TryCatchBlockNode handler : method.tryCatchBlocks) {
      placement.handlerEntries.add(nextReal(handler.handler));
    }
    return placement;
  }

  /**
   * The first instructions of the lines that call a method (or an invokedynamic call site) before
   * the next line begins, as JaCoCo's flow analysis marks them.
   */
  private static Set<AbstractInsnNode> invocationLineStarts(MethodNode method) {
    Set<AbstractInsnNode> starts = Collections.newSetFromMap(new IdentityHashMap<>());
    AbstractInsnNode lineStart = null;
    for (AbstractInsnNode insn : method.instructions) {
      if (insn instanceof LineNumberNode line) {
        lineStart = nextReal(line.start);
      } else if (lineStart != null
          && (insn instanceof MethodInsnNode || insn instanceof InvokeDynamicInsnNode)) {
        starts.add(lineStart);
        lineStart = null;
      }
    }
    return starts;
  }

  /** The probes this placement inserts. */
  public int probeCount() {
    return (entryIsJoin ? 1 : 0)
        + exits.size()
        + fallThroughs.size()
        + jumpEdges.size()
        + handlerEntries.size();
  }

  public static boolean isExit(int opcode) {
    return (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) || opcode == Opcodes.ATHROW;
  }

  /** Whether control can go on to the next instruction. */
  public static boolean fallsThrough(AbstractInsnNode insn) {
    int opcode = insn.getOpcode();
    return opcode != Opcodes.GOTO
        && opcode != Opcodes.TABLESWITCH
        && opcode != Opcodes.LOOKUPSWITCH
        && !isExit(opcode);
  }

  /** The labels a jump or switch goes to, each once; empty for other instructions. */
  public static List<LabelNode> distinctTargets(AbstractInsnNode insn) {
    if (insn instanceof JumpInsnNode jump) {
      return List.of(jump.label);
    }
    Set<LabelNode> targets = new LinkedHashSet<>();
    if (insn instanceof TableSwitchInsnNode table) {
      targets.addAll(table.labels);
      targets.add(table.dflt);
    } else if (insn instanceof LookupSwitchInsnNode lookup) {
      targets.addAll(lookup.labels);
      targets.add(lookup.dflt);
    } else {
      return List.of();
    }
    // Labels at the same instruction are one edge.
    Map<AbstractInsnNode, LabelNode> byInsn = new IdentityHashMap<>();
    List<LabelNode> distinct = new ArrayList<>();
    for (LabelNode target : targets) {
      if (byInsn.putIfAbsent(nextReal(target), target) == null) {
        distinct.add(target);
      }
    }
    return distinct;
  }

  /** The first instruction at or after {@code node} that is real (no label, line or frame). */
  public static AbstractInsnNode nextReal(AbstractInsnNode node) {
    AbstractInsnNode current = node;
    while (current != null && current.getOpcode() < 0) {
      current = current.getNext();
    }
    return current;
  }

  /** The frame of the position {@code label} marks, or null if the class file has none there. */
  public static FrameNode frameAt(LabelNode label) {
    for (AbstractInsnNode current = label; current != null; current = current.getNext()) {
      if (current instanceof FrameNode frame) {
        return frame;
      }
      if (current.getOpcode() >= 0) {
        return null;
      }
    }
    return null;
  }
}
