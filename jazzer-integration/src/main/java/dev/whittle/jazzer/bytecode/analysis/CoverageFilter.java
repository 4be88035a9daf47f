package dev.whittle.jazzer.bytecode.analysis;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Which classes get probes: those the target's loader defines from its class path, narrowed by
 * include and exclude globs over class names as JaCoCo writes them ({@code com.example.*}: {@code
 * *} any characters, {@code ?} one). Whittle's own classes never get probes, even when the class
 * path holds them; the JDK's and Jazzer's never come from the target's loader at all.
 *
 * @param includes globs of which one MUST match; empty for every class
 * @param excludes globs of which none may match
 */
@API(status = INTERNAL, since = "0.1")
public record CoverageFilter(List<String> includes, List<String> excludes) {
  /** The packages of Whittle's own code, which instruments and runs the target. */
  private static final List<String> WHITTLE_PACKAGES =
      List.of(
          "dev.whittle.api.",
          "dev.whittle.engine.",
          "dev.whittle.cli.",
          "dev.whittle.junit.",
          "dev.whittle.jazzer.api.",
          "dev.whittle.jazzer.command.",
          "dev.whittle.jazzer.corpus.",
          "dev.whittle.jazzer.bytecode.",
          "dev.whittle.jazzer.crash.",
          "dev.whittle.jazzer.fdp.",
          "dev.whittle.jazzer.finding.",
          "dev.whittle.jazzer.hook.",
          "dev.whittle.jazzer.output.",
          "dev.whittle.jazzer.passes.",
          "dev.whittle.jazzer.agent.",
          "dev.whittle.jazzer.target.",
          "dev.whittle.jazzer.values.");

  public CoverageFilter {
    includes = List.copyOf(checkNotNull(includes, "includes"));
    excludes = List.copyOf(checkNotNull(excludes, "excludes"));
    for (String glob : includes) {
      checkArgument(!glob.isBlank(), "an include glob must not be blank");
    }
    for (String glob : excludes) {
      checkArgument(!glob.isBlank(), "an exclude glob must not be blank");
    }
  }

  /** Every class the target's loader defines. */
  public static CoverageFilter all() {
    return new CoverageFilter(List.of(), List.of());
  }

  /** Whether {@code className} (binary name, with dots) gets probes. */
  public boolean instruments(String className) {
    for (String own : WHITTLE_PACKAGES) {
      if (className.startsWith(own)) {
        return false;
      }
    }
    if (!includes.isEmpty() && includes.stream().noneMatch(glob -> matches(glob, className))) {
      return false;
    }
    return excludes.stream().noneMatch(glob -> matches(glob, className));
  }

  static boolean matches(String glob, String className) {
    StringBuilder regex = new StringBuilder();
    for (char c : glob.toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.matches(regex.toString(), className);
  }
}
