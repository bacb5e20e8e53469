package org.wirebench.formats.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wirebench.formats.raster.WmsRequestList.Request;
import org.wirebench.formats.raster.WmsRequestList.Srs;

/** The FOSS4G request-list rules, checked on 2000 rows a SRS. */
class WmsRequestListTest {

  @ParameterizedTest
  @EnumSource(Srs.class)
  void everyRowFollowsTheGeneratorsRules(Srs srs) {
    List<Request> rows = WmsRequestList.generate(srs, 2000, 42);
    assertEquals(2000, rows.size());
    double[] logRes = new double[rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      Request r = rows.get(i);
      assertTrue(r.width() >= 256 && r.width() <= 1024, r.toString());
      assertTrue(r.height() >= 256 && r.height() <= 768, r.toString());
      assertTrue(
          r.minX() >= srs.minX
              && r.minY() >= srs.minY
              && r.maxX() <= srs.maxX
              && r.maxY() <= srs.maxY,
          "inside the region: " + r);
      double resX = (r.maxX() - r.minX()) / r.width();
      double resY = (r.maxY() - r.minY()) / r.height();
      assertEquals(
          resX, resY, resX * 1e-6 + Math.pow(10, -srs.decimals) * 2, "square pixels: " + r);
      assertTrue(resX >= srs.finest * 0.999 && resX <= srs.coarsest * 1.001, r.toString());
      logRes[i] = Math.log(resX);
    }
    // log-uniform before the region test, which keeps fine resolutions more often than coarse
    // ones: the kept median lies below the geometric mean of the range, never above it
    Arrays.sort(logRes);
    double median = logRes[logRes.length / 2];
    assertTrue(median < (Math.log(srs.finest) + Math.log(srs.coarsest)) / 2, "median " + median);
    assertTrue(logRes[0] < Math.log(srs.finest) + 0.5, "reaches the finest resolutions");
  }

  @Test
  void aSeedGivesTheSameListAndRowsPrintPlainDecimals() {
    List<Request> a = WmsRequestList.generate(Srs.EPSG_3857, 50, 7);
    assertEquals(a, WmsRequestList.generate(Srs.EPSG_3857, 50, 7));
    assertTrue(!a.equals(WmsRequestList.generate(Srs.EPSG_3857, 50, 8)));
    String row = a.get(0).row(Srs.EPSG_3857);
    assertTrue(
        row.matches("\\d+;\\d+;-?\\d+\\.\\d{3},-?\\d+\\.\\d{3},-?\\d+\\.\\d{3},-?\\d+\\.\\d{3}"),
        row);
    String[] parts = row.split(";");
    String[] box = parts[2].split(",");
    assertEquals(a.get(0).minX(), Double.parseDouble(box[0]));
    assertEquals(Srs.EPSG_3857, Srs.of("EPSG:900913"));
    assertThrows(IllegalArgumentException.class, () -> Srs.of("EPSG:2056"));
    assertThrows(
        IllegalArgumentException.class, () -> WmsRequestList.generate(Srs.EPSG_4326, 0, 1));
  }
}
