package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.STABLE;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.apiguardian.api.API;

/**
 * Makes the {@link FuzzedDataProvider} a {@code fuzzerTestOneInput(FuzzedDataProvider)} target is
 * called with, from the candidate's bytes: the seam where a pure-Java implementation plugs in.
 *
 * <p>{@link #create} MUST decode bytes exactly as Jazzer's own {@code FuzzedDataProviderImpl} does,
 * or minimized inputs will not reproduce under Jazzer. It is called on the thread that runs the
 * target, once per run, and MUST NOT keep {@code data} beyond the run. A provider that is {@link
 * AutoCloseable} is closed after the run.
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface FuzzedDataProviderFactory {
  FuzzedDataProvider create(byte[] data);
}
