package dev.whittle.api;

/** A class of the API package that counts runs by the old word, for {@code NamingRulesTest}. */
public final class PlantedBudget {
  long maxCalls;

  PlantedBudget withFreshLoaderPerAttempt() {
    return this;
  }
}
