package dev.whittle.engine.schedule;

import static com.google.common.base.Preconditions.checkArgument;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.function.IntToLongFunction;
import org.apiguardian.api.API;

/**
 * How much the passes of one reduction may ask, so that on inputs where nothing structured is
 * needed the whole reduction costs little more than the algorithm alone. It follows what the
 * algorithm spends ({@link #sequenceSpent}) and sets two limits:
 *
 * <ul>
 *   <li>each pass is cut off after {@link #passAllowance} runs in a row that found nothing. The
 *       allowance follows what the algorithm spent in its last turn; before its first turn, that is
 *       estimated as one question per item of the best content at the pass's turn (what certifying
 *       it 1-minimal costs), so that once a pass has taken off most of the input the others ask in
 *       proportion to what is left;
 *   <li>all passes together, over the whole reduction, waste (ask after their last find) at most
 *       {@link #WASTE_SHARE} of what the algorithm spent in all, counted as at least the original's
 *       size, plus {@link #MIN_ALLOWANCE} per pass. On an input nothing of which can go, that
 *       bounds the passes' price to about a tenth of the algorithm's.
 * </ul>
 *
 * Passes cut off at their allowance without a gain get a retry with twice as much when a round
 * changed nothing, as long as what retries wasted stays within {@link #RETRY_SHARE} of what the
 * algorithm spent (and the whole waste within its limit): the price of not missing a find just past
 * an allowance, such as byte-runs' on a 1-minimal result of deletion.
 *
 * <p>Once the rounds have settled (nothing changed, no retry affordable), a {@linkplain
 * dev.whittle.engine.sequence.ChunkCheck chunk check} of a result of at least {@link
 * #MIN_CHECKED_SIZE} items may ask what is left of {@link #CHUNK_CHECK_SHARE} of what the sequence
 * reducer spent in all (at least {@link #MIN_CHUNK_CHECK}), counting only the checks that cut
 * nothing, and beyond that floor no more than is left of the passes' waste limit, against which
 * those checks count too: the price of not settling where plain ddmin's coarser chunks would go on.
 *
 * <p>Only the passes that apply to the content share what passes may ask: a TAR pass that asks
 * nothing about a PNG must not thin the others' allowance. Not thread-safe: one reduction, one
 * policy.
 */
@API(status = INTERNAL, since = "0.1")
public final class SchedulingPolicy {
  /** Share of the algorithm's spend that passes finding nothing may cost, in one round. */
  static final double PASS_SHARE = 0.3;

  /**
   * Share of the algorithm's spend (at least the original's size) that passes may waste over the
   * whole reduction, on top of {@link #MIN_ALLOWANCE} per pass.
   */
  static final double WASTE_SHARE = 0.1;

  /** Share of what the algorithm spent that retries of cut-off passes may waste. */
  static final double RETRY_SHARE = 0.2;

  /**
   * Share of what the algorithm spent in all that chunk checks of settled results may ask without a
   * cut, over the whole reduction: the algorithm's own spend, not the original's size, so that a
   * large original reduced cheaply to a large result pays little for its check.
   */
  static final double CHUNK_CHECK_SHARE = 0.3;

  /**
   * Questions a chunk check may always ask, even with the passes' waste limit spent: the cuts at
   * the halves and the quarters, where a large part that only goes whole goes.
   */
  static final long MIN_CHUNK_CHECK = 8;

  /**
   * The smallest settled result a chunk check asks about: on fewer items, the single deletions that
   * certified it 1-minimal leave little that a cut of several could add, and every question would
   * be paid in full on results already about as small as they get.
   */
  public static final int MIN_CHECKED_SIZE = 16;

  /** The least allowance of a pass: enough to try a few candidates of every kind it has. */
  static final long MIN_ALLOWANCE = 16;

  private final long originalSize;
  private final long leastAllowance;
  private long lastSpend = -1; // the algorithm's last turn; -1: it has not had one
  private long sequenceTotal;
  private long chunkCheckWasted;

  /**
   * A policy for a reduction of an original of {@code originalSize} items, where each pass may ask
   * at least {@code leastAllowance} calls without a gain (0: only the policy's own floor).
   */
  public SchedulingPolicy(int originalSize, long leastAllowance) {
    checkArgument(originalSize >= 0, "originalSize must not be negative, was %s", originalSize);
    checkArgument(
        leastAllowance >= 0, "leastAllowance must not be negative, was %s", leastAllowance);
    this.originalSize = originalSize;
    this.leastAllowance = leastAllowance;
  }

  /**
   * Notes a turn of the algorithm that cost {@code spent} runs. A turn that asked nothing leaves
   * the allowance at what the last one that asked set.
   */
  public void sequenceSpent(long spent) {
    sequenceTotal += spent;
    if (spent > 0 || lastSpend < 0) {
      lastSpend = spent;
    }
  }

  /**
   * Each pass's allowance in a round where {@code passes} passes apply, as a function of the size
   * of the content the pass starts from; fixed at what the algorithm spent so far.
   */
  IntToLongFunction allowance(int passes) {
    long spend = lastSpend;
    return size -> Math.max(leastAllowance, passAllowance(spend < 0 ? size : spend, passes));
  }

  /**
   * What all passes together may waste over the whole reduction: the {@link #wasteBudget}, or,
   * where the reduction sets a least allowance per pass, enough for each pass to spend it once.
   */
  long totalWaste(int passes) {
    return Math.max(
        wasteBudget(Math.max(originalSize, sequenceTotal), passes), leastAllowance * passes);
  }

  /**
   * How many questions a chunk check of a settled result of {@code size} items may ask now: none
   * below {@link #MIN_CHECKED_SIZE}, else what is left of {@link #CHUNK_CHECK_SHARE} of the
   * algorithm's spend (at least {@link #MIN_CHUNK_CHECK}), after the checks that cut nothing.
   */
  public long chunkCheckLeft(int size) {
    if (size < MIN_CHECKED_SIZE) {
      return 0;
    }
    long limit = Math.max(MIN_CHUNK_CHECK, (long) (CHUNK_CHECK_SHARE * sequenceTotal));
    return Math.max(0, limit - chunkCheckWasted);
  }

  /** How many questions chunk checks may always ask in all: {@link #MIN_CHUNK_CHECK}. */
  public long chunkCheckFloor() {
    return Math.max(0, MIN_CHUNK_CHECK - chunkCheckWasted);
  }

  /** Notes a chunk check that cost {@code calls} runs and cut nothing. */
  public void chunkCheckWasted(long calls) {
    checkArgument(calls >= 0, "calls must not be negative, was %s", calls);
    chunkCheckWasted += calls;
  }

  /** How many calls retries may waste in all, given what the algorithm spent in all. */
  long retryLimit() {
    return (long) (RETRY_SHARE * sequenceTotal);
  }

  /**
   * How many runs in a row a pass may ask that find nothing: together, passes that find nothing
   * cost at most {@link #PASS_SHARE} of what the algorithm spent in its last turn.
   */
  static long passAllowance(long sequenceSpend, int passes) {
    return Math.max(MIN_ALLOWANCE, (long) (PASS_SHARE * sequenceSpend / passes));
  }

  /**
   * How many runs passes may waste over the whole reduction, given what the algorithm spent in all
   * (at least the original's size): {@link #WASTE_SHARE} of it and {@link #MIN_ALLOWANCE} per pass,
   * so that every pass can try a few candidates on a small input.
   */
  static long wasteBudget(long sequenceSpend, int passes) {
    return (long) (WASTE_SHARE * sequenceSpend) + MIN_ALLOWANCE * passes;
  }
}
