package dev.whittle.engine.passes.text;

/** A public class of the text family that is not its catalogue, for {@code NamingRulesTest}. */
public final class PlantedTextHelper {
  private PlantedTextHelper() {}
}
