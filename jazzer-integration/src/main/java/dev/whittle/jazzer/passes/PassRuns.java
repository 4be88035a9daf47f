package dev.whittle.jazzer.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apiguardian.api.API;

/**
 * Runs of the test command per pass of one reduction, for {@code --json}'s {@code runsPerPass}: a
 * run is the pass's whose turn it is when the run starts, the algorithm's (named {@value
 * #SEQUENCE}) outside every pass's turn. Cache hits are not runs. The reduction runs one pass at a
 * time, its jobs answering that pass's questions, so the turn says whose a run is; it is what tells
 * an expensive pass from a cheap one asking the same questions again. It lives with the catalogue
 * because a counted pass must stay a deletion pass for the core's scheduler, which the command line
 * may not name.
 */
@API(status = INTERNAL, since = "0.1")
public final class PassRuns {
  public static final String SEQUENCE = "sequence";

  private final AtomicReference<String> turn = new AtomicReference<>(SEQUENCE);
  private final Map<String, Long> runs = new LinkedHashMap<>();

  /** {@code pass}, telling this counter when its turn begins and ends. */
  public <C> Pass<C> counted(Pass<C> pass) {
    synchronized (runs) {
      runs.putIfAbsent(pass.name(), 0L);
    }
    return new CountedPass<>(pass, this);
  }

  /** One run of the test command, the current turn's. */
  public void ran() {
    String owner = turn.get();
    synchronized (runs) {
      runs.merge(owner, 1L, Long::sum);
    }
  }

  /** Runs per pass name, the passes in their order, {@value #SEQUENCE} where it first ran. */
  public Map<String, Long> snapshot() {
    synchronized (runs) {
      return new LinkedHashMap<>(runs);
    }
  }

  /** A pass that marks its turn; a deletion pass stays one for the pass scheduler. */
  private record CountedPass<C>(Pass<C> pass, PassRuns counter) implements ForwardingPass<C> {
    @Override
    public C reduce(C current, ContentTester<C> tester) {
      String before = counter.turn.getAndSet(pass.name());
      try {
        return pass.reduce(current, tester);
      } finally {
        counter.turn.set(before);
      }
    }

    @Override
    public String toString() {
      return pass.toString();
    }
  }
}
