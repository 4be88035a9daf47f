package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A fuzz test over a record, which Jazzer's mutation framework builds from its components. The bug:
 * a label for a destination with a line break and a heavy parcel indexes past the rate table.
 */
class ShipmentFuzzSample {
  /** A parcel to label. */
  record Shipment(String destination, int weightGrams) {}

  private static final int[] RATES = {5, 7, 9, 12};

  @FuzzTest
  void label(Shipment shipment) {
    if (shipment == null || shipment.destination() == null) {
      return;
    }
    int lines = shipment.destination().split("\n", -1).length;
    int band = Math.floorMod(shipment.weightGrams(), 10_000) / 2_500;
    // Multi-line destinations are meant to cost one band more, which the table does not have.
    int rate = RATES[band + (lines > 1 ? 1 : 0)];
    if (rate < 0) {
      throw new AssertionError("unreachable");
    }
  }
}
