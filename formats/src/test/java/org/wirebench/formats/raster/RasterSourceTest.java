package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shipped Blue Marble is where the globe says it is; Web Mercator agrees with PROJ. */
class RasterSourceTest {

  /** Known places: land is not ocean-blue, ocean is (blue the strongest channel, and dark). */
  @Test
  void landAndOceanAreWhereTheGlobeHasThem() throws Exception {
    BufferedImage bm = BlueMarble.read();
    // the Nile delta, the Sahara, central Australia: land
    for (double[] p : new double[][] {{31.0, 30.8}, {10.0, 25.0}, {134.0, -25.0}}) {
      int rgb = bm.getRGB(BlueMarble.column(p[0]), BlueMarble.row(p[1]));
      assertTrue(!ocean(rgb), "land at " + p[0] + "," + p[1] + ": " + Integer.toHexString(rgb));
    }
    // mid-Atlantic, mid-Pacific, the Indian Ocean: water
    for (double[] p : new double[][] {{-30.0, 0.0}, {-150.0, 0.0}, {80.0, -20.0}}) {
      int rgb = bm.getRGB(BlueMarble.column(p[0]), BlueMarble.row(p[1]));
      assertTrue(ocean(rgb), "ocean at " + p[0] + "," + p[1] + ": " + Integer.toHexString(rgb));
    }
  }

  private static boolean ocean(int rgb) {
    int r = rgb >> 16 & 0xff;
    int g = rgb >> 8 & 0xff;
    int b = rgb & 0xff;
    return b > r && b >= g && r + g + b < 3 * 110;
  }

  /** Reference values from PROJ 9.1 (Debian's gdaltransform -s_srs EPSG:4326 -t_srs EPSG:3857). */
  @ParameterizedTest(name = "{0}, {1}")
  @CsvSource({
    "0, 0, 0, 0",
    "180, 0, 20037508.3427892, 0",
    "24.9384, 60.1699, 2776129.98919897, 8437661.78200259",
    "-74.0445, 40.6892, -8242596.03604254, 4966606.25730765",
    "31.2357, 30.0444, 3477142.21857146, 3509258.32718201",
    "-179.9, -85, -20026376.3937099, -19971868.8804086",
  })
  void projectsAsProjDoes(double lon, double lat, double x, double y) {
    assertEquals(x, WebMercator.x(lon), 1e-3);
    assertEquals(y, WebMercator.y(lat), 1e-3);
    assertEquals(lon, WebMercator.longitude(x), 1e-9);
    assertEquals(lat, WebMercator.latitude(y), 1e-9);
  }

  @Test
  void theSquaresEdgeIsTheMaximumLatitude() {
    assertEquals(85.0511287798, WebMercator.MAX_LATITUDE, 1e-9);
    assertEquals(WebMercator.HALF_EXTENT, WebMercator.y(WebMercator.MAX_LATITUDE), 1e-3);
    assertThrows(IllegalArgumentException.class, () -> WebMercator.y(86));
  }
}
