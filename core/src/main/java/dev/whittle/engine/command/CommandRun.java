package dev.whittle.engine.command;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Durations;
import dev.whittle.api.Outcome;
import java.time.Duration;
import org.apiguardian.api.API;

/** How one run of the test command ended, and what that means for the candidate. */
@API(status = INTERNAL, since = "0.1")
public sealed interface CommandRun {
  Outcome outcome();

  /** A phrase that completes "the test command ...", for messages. */
  String describe();

  /** The command ran to its end; status 0 means the candidate is interesting. */
  record Exited(int status) implements CommandRun {
    @Override
    public Outcome outcome() {
      return status == 0 ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
    }

    @Override
    public String describe() {
      return "exited with status " + status;
    }
  }

  /** The command ran past the per-call timeout and was killed with its descendants. */
  record TimedOut(Duration timeout) implements CommandRun {
    public TimedOut {
      checkNotNull(timeout, "timeout");
    }

    @Override
    public Outcome outcome() {
      return Outcome.NOT_INTERESTING;
    }

    @Override
    public String describe() {
      return "ran longer than the timeout of " + Durations.format(timeout) + " and was killed";
    }
  }

  /**
   * The reducing thread was interrupted (Ctrl-C) while the command ran, so nothing is known about
   * the candidate.
   */
  record Interrupted() implements CommandRun {
    @Override
    public Outcome outcome() {
      return Outcome.UNRESOLVED;
    }

    @Override
    public String describe() {
      return "was interrupted and killed";
    }
  }
}
