package org.wirebench.formats.raster;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriter;

/**
 * The JPEG implementations on the class path, chosen by name rather than by ImageIO's plug-in order
 * (a plug-in jar on the class path would otherwise change what every map is encoded with): the
 * JDK's own (over libjpeg's 6b API: the libjpeg 6b Temurin bundles, the system's libjpeg62-turbo
 * 2.1.5 in Debian's OpenJDK 17 here) and TwelveMonkeys' ImageIO plug-in, the JPEG library Maven
 * Central offers, which reads more kinds of JPEG (CMYK, broken Exif) and hands the baseline work to
 * the JDK's. The raster study measures both ({@code JpegCodecBenchmark}) and maps with the JDK's.
 */
public enum JpegCodec {
  JDK("jdk", "com.sun.imageio.plugins.jpeg."),
  TWELVEMONKEYS("twelvemonkeys", "com.twelvemonkeys.imageio.plugins.jpeg.");

  public final String label;
  private final String packagePrefix;

  JpegCodec(String label, String packagePrefix) {
    this.label = label;
    this.packagePrefix = packagePrefix;
  }

  /** By label: jdk or twelvemonkeys; anything else is refused naming the valid ones. */
  public static JpegCodec of(String label) {
    for (JpegCodec c : values()) {
      if (c.label.equals(label)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "JPEG codec '" + label + "' is unknown; valid: jdk, twelvemonkeys");
  }

  ImageReader reader() {
    return pick(ImageIO.getImageReadersByFormatName("jpeg"));
  }

  ImageWriter writer() {
    return pick(ImageIO.getImageWritersByFormatName("jpeg"));
  }

  private <T> T pick(Iterator<T> found) {
    List<String> seen = new ArrayList<>();
    while (found.hasNext()) {
      T t = found.next();
      String name = t.getClass().getName();
      if (name.startsWith(packagePrefix)) {
        return t;
      }
      seen.add(name);
    }
    throw new IllegalStateException(
        "no " + label + " JPEG plug-in on the class path (found: " + seen + ")");
  }
}
