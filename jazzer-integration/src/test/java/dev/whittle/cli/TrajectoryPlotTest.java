package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Improvement;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class TrajectoryPlotTest {
  private static final List<Improvement> TRAJECTORY =
      List.of(
          new Improvement(1, Duration.ofMillis(3), 1837),
          new Improvement(40, Duration.ofMillis(120), 300),
          new Improvement(200, Duration.ofMillis(400), 60),
          new Improvement(650, Duration.ofMillis(900), 42));

  @Test
  void drawsOneFallingStepCurvePerPanelFromTheOriginalToTheEnd() throws Exception {
    Document svg = parse(plot("crash-9f76 <ChunkedImage> & co"));

    NodeList curves = svg.getElementsByTagName("polyline");
    assertEquals(2, curves.getLength());
    for (int c = 0; c < curves.getLength(); c++) {
      List<double[]> points = points((Element) curves.item(c));
      assertEquals(2 * TRAJECTORY.size(), points.size());
      for (int i = 1; i < points.size(); i++) {
        assertTrue(points.get(i)[0] >= points.get(i - 1)[0], "x never goes back: " + i);
        assertTrue(points.get(i)[1] >= points.get(i - 1)[1], "the size never grows: " + i);
      }
      double top = points.get(0)[1];
      double bottom = points.get(points.size() - 1)[1];
      assertEquals(50.0, top, 0.01, "the original's size is the top of the axis");
      assertEquals(TrajectoryPlot.HEIGHT - 60.0, bottom, 0.01, "the result's is its bottom");
      assertTrue(points.get(points.size() - 1)[0] > points.get(points.size() - 2)[0] - 0.01);
    }
  }

  @Test
  void theTitleIsEscapedText() throws Exception {
    Document svg = parse(plot("crash <ChunkedImage> & co"));

    assertEquals(
        "crash <ChunkedImage> & co", svg.getElementsByTagName("text").item(0).getTextContent());
  }

  @Test
  void aReductionThatFoundNothingSmallerIsAFlatLine() throws Exception {
    String rendered =
        new TrajectoryPlot(
                "nothing", List.of(new Improvement(1, Duration.ZERO, 5)), 9, Duration.ofMillis(10))
            .render();

    List<double[]> points =
        points((Element) parse(rendered).getElementsByTagName("polyline").item(0));
    assertEquals(points.get(0)[1], points.get(1)[1]);
    assertTrue(points.get(1)[0] > points.get(0)[0]);
  }

  private static String plot(String title) {
    return new TrajectoryPlot(title, TRAJECTORY, 661, Duration.ofMillis(1000)).render();
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(UTF_8)));
  }

  private static List<double[]> points(Element polyline) {
    List<double[]> points = new ArrayList<>();
    for (String pair : polyline.getAttribute("points").trim().split(" ")) {
      String[] xy = pair.split(",");
      points.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
    }
    return points;
  }
}
