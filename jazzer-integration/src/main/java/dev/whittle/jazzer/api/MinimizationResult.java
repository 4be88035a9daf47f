package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import dev.whittle.api.ReductionResult;
import org.apiguardian.api.API;

/** What a crash minimization produced. Immutable: byte arrays are copied on the way in and out. */
@API(status = STABLE, since = "0.1")
public final class MinimizationResult {
  private final byte[] original;
  private final byte[] minimized;
  private final Finding finding;
  private final ReductionResult<byte[]> reduction;
  private final long runs;
  private final long elapsedMillis;
  private final boolean verified;
  private final FuzzTargetShape targetShape;
  private final Verification verification;

  /**
   * @param runs every run of the target: reproduction runs, the reduction's runs and the
   *     verification
   * @param verified whether {@code minimized} gave a matching finding in a fresh class loader
   * @param targetShape the entry points of the target it was minimized against
   */
  public MinimizationResult(
      byte[] original,
      byte[] minimized,
      Finding finding,
      ReductionResult<byte[]> reduction,
      long runs,
      long elapsedMillis,
      boolean verified,
      FuzzTargetShape targetShape) {
    this(
        original,
        minimized,
        finding,
        reduction,
        runs,
        elapsedMillis,
        new Verification(verified, Verification.FRESH_CLASS_LOADER, ""),
        targetShape);
  }

  /**
   * @param verification how {@code minimized} was checked; {@link #verified()} is its outcome.
   *     {@code minimized} MAY be larger than the reduction's result when that one did not reproduce
   *     in fresh JVMs and a larger improvement did.
   */
  public MinimizationResult(
      byte[] original,
      byte[] minimized,
      Finding finding,
      ReductionResult<byte[]> reduction,
      long runs,
      long elapsedMillis,
      Verification verification,
      FuzzTargetShape targetShape) {
    this.original = checkNotNull(original, "original").clone();
    this.minimized = checkNotNull(minimized, "minimized").clone();
    this.finding = checkNotNull(finding, "finding");
    this.reduction = checkNotNull(reduction, "reduction");
    this.runs = runs;
    this.elapsedMillis = elapsedMillis;
    this.verification = checkNotNull(verification, "verification");
    this.verified = verification.verified();
    this.targetShape = checkNotNull(targetShape, "targetShape");
  }

  /** The entry points of the target, which a reproducer of the minimized input calls. */
  public FuzzTargetShape targetShape() {
    return targetShape;
  }

  public byte[] original() {
    return original.clone();
  }

  public byte[] minimized() {
    return minimized.clone();
  }

  /** The original crash's finding, which every kept candidate reproduced. */
  public Finding finding() {
    return finding;
  }

  /** The finding's identity: Jazzer's dedup token as {@code %016x}, or see {@link Finding}. */
  public String dedupToken() {
    return finding.identity();
  }

  /** The core reduction's own figures (cache hits, unresolved calls, 1-minimality, stop reason). */
  public ReductionResult<byte[]> reduction() {
    return reduction;
  }

  /** Runs of the target in all: reproduction runs, the reduction's calls and the verification. */
  public long runs() {
    return runs;
  }

  public long elapsedMillis() {
    return elapsedMillis;
  }

  /**
   * Whether the minimized input reproduced the finding in a freshly loaded target, or in every one
   * of the fresh JVMs of {@link CrashMinimizer#withFreshJvmVerification} (see {@link
   * #verification()}). False for a fresh loader means the reduction probably leaned on static state
   * left over from earlier runs; try {@link CrashMinimizer#withFreshLoaderPerRun}.
   */
  public boolean verified() {
    return verified;
  }

  /** How the result was checked: fresh class loader or fresh JVMs, the runs, a back-off. */
  public Verification verification() {
    return verification;
  }

  @Override
  public String toString() {
    return "MinimizationResult{"
        + original.length
        + " -> "
        + minimized.length
        + " bytes, "
        + finding
        + ", "
        + runs
        + " runs, "
        + elapsedMillis
        + " ms, verified="
        + verified
        + "}";
  }
}
