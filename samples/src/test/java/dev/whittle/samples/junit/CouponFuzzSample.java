package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Locale;

/**
 * A fuzz test with two structured parameters, {@code (String, int)}, which Jazzer's mutation
 * framework decodes from its Inputs files. The bug: a coupon code in lower case is redeemed for
 * more items than the stock holds, since the stock check only knows upper-case codes.
 */
class CouponFuzzSample {
  @FuzzTest
  void redeem(String code, int quantity) {
    if (code == null || code.isEmpty() || quantity <= 0) {
      return;
    }
    int stock = code.equals(code.toUpperCase(Locale.ROOT)) ? Math.min(quantity, 10) : quantity;
    if (stock > 10) {
      throw new IllegalStateException(
          "redeemed " + stock + " items for coupon '" + code + "' with 10 in stock");
    }
  }
}
