import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;

/**
 * Checks a screenshot of a {@code --plot} picture: prints how many pixels have the curve's colour
 * (#d62728, allowing for anti-aliasing) and how far they spread, and exits 1 unless the curve is
 * there and falls (its leftmost pixels lie higher than its rightmost ones). Run with the JDK's
 * source launcher: {@code java PlotPixels.java screenshot.png}.
 */
public class PlotPixels {
  public static void main(String[] args) throws Exception {
    BufferedImage image = ImageIO.read(new File(args[0]));
    if (image == null) {
      System.err.println("not an image: " + args[0]);
      System.exit(1);
    }
    int count = 0;
    int minX = Integer.MAX_VALUE;
    int maxX = -1;
    long yAtLeft = 0;
    long yAtRight = 0;
    int left = 0;
    int right = 0;
    int half = image.getWidth() / 2;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < half; x++) {
        if (isCurve(image.getRGB(x, y))) {
          count++;
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
        }
      }
    }
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < half; x++) {
        if (isCurve(image.getRGB(x, y))) {
          if (x < minX + 20) {
            yAtLeft += y;
            left++;
          } else if (x > maxX - 20) {
            yAtRight += y;
            right++;
          }
        }
      }
    }
    System.out.printf("curve pixels in the left panel: %d, x %d..%d%n", count, minX, maxX);
    boolean falls = left > 0 && right > 0 && yAtLeft / left < yAtRight / right;
    if (count < 100 || maxX - minX < 100 || !falls) {
      System.err.println("no falling curve in " + args[0]);
      System.exit(1);
    }
  }

  private static boolean isCurve(int rgb) {
    int r = (rgb >> 16) & 0xff;
    int g = (rgb >> 8) & 0xff;
    int b = rgb & 0xff;
    return Math.abs(r - 0xd6) < 40 && Math.abs(g - 0x27) < 40 && Math.abs(b - 0x28) < 40;
  }
}
