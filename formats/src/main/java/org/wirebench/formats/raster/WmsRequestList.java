package org.wirebench.formats.raster;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;

/**
 * A list of random WMS GetMap requests as the FOSS4G WMS benchmarks made theirs (Frank Warmerdam's
 * {@code wms_request.py}, used by the 2010 MapServer/MapProxy raster study): width and height
 * uniform in 256..1024 × 256..768 pixels, the resolution log-uniform between a finest and a
 * coarsest, the centre uniform in the region, and a box kept only if it lies wholly inside the
 * region; square pixels. Seeded with {@link java.util.Random}, whose sequence the Java
 * specification fixes, so a seed gives the same list on every JDK. One row a request: {@code
 * width;height;minx,miny,maxx,maxy}.
 */
public final class WmsRequestList {
  /** A request's size in pixels and its box in the SRS's units, as the row prints it. */
  public record Request(int width, int height, double minX, double minY, double maxX, double maxY) {
    public String row(Srs srs) {
      return width
          + ";"
          + height
          + ";"
          + plain(minX, srs)
          + ","
          + plain(minY, srs)
          + ","
          + plain(maxX, srs)
          + ","
          + plain(maxY, srs);
    }

    private static String plain(double v, Srs srs) {
      return BigDecimal.valueOf(v).setScale(srs.decimals, RoundingMode.HALF_UP).toPlainString();
    }
  }

  /**
   * The two request lists of the study: EPSG:4326 over the whole globe, and Web Mercator over its
   * square extent. The finest resolution is the study's source (21600 × 10800 pixels for 360°), the
   * coarsest the whole width in one 256-pixel tile.
   */
  public enum Srs {
    EPSG_4326("EPSG:4326", -180, -90, 180, 90, 360.0 / 21600, 360.0 / 256, 8),
    EPSG_3857(
        "EPSG:3857",
        -20037508.342789244,
        -20037508.342789244,
        20037508.342789244,
        20037508.342789244,
        2 * 20037508.342789244 / 21600,
        2 * 20037508.342789244 / 256,
        3);

    public final String code;
    final double minX;
    final double minY;
    final double maxX;
    final double maxY;
    final double finest;
    final double coarsest;
    final int decimals;

    Srs(
        String code,
        double minX,
        double minY,
        double maxX,
        double maxY,
        double finest,
        double coarsest,
        int decimals) {
      this.code = code;
      this.minX = minX;
      this.minY = minY;
      this.maxX = maxX;
      this.maxY = maxY;
      this.finest = finest;
      this.coarsest = coarsest;
      this.decimals = decimals;
    }

    /** EPSG:4326, EPSG:3857 or its old alias EPSG:900913; anything else is refused by name. */
    public static Srs of(String code) {
      return switch (code) {
        case "EPSG:4326" -> EPSG_4326;
        case "EPSG:3857", "EPSG:900913" -> EPSG_3857;
        default ->
            throw new IllegalArgumentException(
                "SRS '" + code + "' has no request list; valid: EPSG:4326, EPSG:3857, EPSG:900913");
      };
    }
  }

  /** Most boxes drawn for one kept (most fall partly outside the region at coarse resolutions). */
  private static final int ATTEMPTS_PER_ROW = 10_000;

  private WmsRequestList() {}

  /**
   * Most rows one list holds. Not the bound of a feature count ({@code Datasets.GENERATED_SIZE}),
   * though the same number: rows are drawn, not taken from a dataset, and either could change
   * alone.
   */
  public static final int MAX_COUNT = 1_000_000;

  /**
   * @param count rows, 1..{@value #MAX_COUNT}
   */
  public static List<Request> generate(Srs srs, int count, long seed) {
    List<Request> out = new ArrayList<>(count);
    rows(srs, count, seed).forEachRemaining(out::add);
    return out;
  }

  /**
   * The rows of {@link #generate}, each drawn when asked for: a writer that stops early (its reader
   * left) draws no more.
   *
   * @param count rows, 1..{@value #MAX_COUNT}
   */
  public static Iterator<Request> rows(Srs srs, int count, long seed) {
    if (count < 1 || count > MAX_COUNT) {
      throw new IllegalArgumentException("count must be 1.." + MAX_COUNT + ", was " + count);
    }
    Random random = new Random(seed);
    double logFinest = Math.log(srs.finest);
    double logCoarsest = Math.log(srs.coarsest);
    return new Iterator<>() {
      private int drawn;
      private long attempts;

      @Override
      public boolean hasNext() {
        return drawn < count;
      }

      @Override
      public Request next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        while (true) {
          if (++attempts > (long) count * ATTEMPTS_PER_ROW) {
            throw new IllegalStateException("no box fits the region after " + attempts + " draws");
          }
          int width = 256 + random.nextInt(1024 - 256 + 1);
          int height = 256 + random.nextInt(768 - 256 + 1);
          double resolution = Math.exp(logFinest + (logCoarsest - logFinest) * random.nextDouble());
          double cx = srs.minX + (srs.maxX - srs.minX) * random.nextDouble();
          double cy = srs.minY + (srs.maxY - srs.minY) * random.nextDouble();
          double halfW = width * resolution / 2;
          double halfH = height * resolution / 2;
          Request r =
              rounded(
                  srs, new Request(width, height, cx - halfW, cy - halfH, cx + halfW, cy + halfH));
          if (r.minX() >= srs.minX
              && r.minY() >= srs.minY
              && r.maxX() <= srs.maxX
              && r.maxY() <= srs.maxY) {
            drawn++;
            return r;
          }
        }
      }
    };
  }

  /** The box as the row prints it, so that what is requested is what was checked. */
  private static Request rounded(Srs srs, Request r) {
    return new Request(
        r.width(),
        r.height(),
        round(r.minX(), srs),
        round(r.minY(), srs),
        round(r.maxX(), srs),
        round(r.maxY(), srs));
  }

  private static double round(double v, Srs srs) {
    return BigDecimal.valueOf(v).setScale(srs.decimals, RoundingMode.HALF_UP).doubleValue();
  }
}
