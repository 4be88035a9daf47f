package dev.whittle.samples.heldout;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.Reader;
import com.google.zxing.ReaderException;
import com.google.zxing.aztec.AztecReader;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.datamatrix.DataMatrixReader;
import com.google.zxing.maxicode.MaxiCodeReader;
import com.google.zxing.pdf417.PDF417Reader;
import com.google.zxing.qrcode.QRCodeReader;
import java.util.Map;

/**
 * Jazzer target over ZXing 3.4.0's 2-D barcode readers, a {@link FuzzedDataProvider} target: the
 * image's width and height and the reader (Aztec, MaxiCode, QR, Data Matrix, PDF417) come from the
 * end of the input, one bit per pixel (black or white) from the front. An image that holds no
 * readable barcode must fail with a {@link ReaderException} ({@code NotFoundException}, {@code
 * FormatException}, {@code ChecksumException}); ZXing 3.4.0's decoders also index out of bounds on
 * some.
 */
public final class BarcodeFuzzer {
  private static final Map<DecodeHintType, Object> PURE =
      Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE);

  private BarcodeFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    int width = data.consumeInt(1, 64);
    int height = data.consumeInt(1, 64);
    Reader reader =
        switch (data.consumeInt(0, 4)) {
          case 0 -> new AztecReader();
          case 1 -> new MaxiCodeReader();
          case 2 -> new QRCodeReader();
          case 3 -> new DataMatrixReader();
          default -> new PDF417Reader();
        };
    byte[] bits = data.consumeRemainingAsBytes();
    int[] pixels = new int[width * height];
    for (int i = 0; i < pixels.length; i++) {
      boolean black = i / 8 < bits.length && (bits[i / 8] >> (i % 8) & 1) != 0;
      pixels[i] = black ? 0xFF000000 : 0xFFFFFFFF;
    }
    BinaryBitmap image =
        new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(width, height, pixels)));
    try {
      reader.decode(image, PURE);
    } catch (ReaderException e) {
      // The documented failure on an image without a readable barcode.
    }
  }
}
