package org.wirebench.server.wms;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.wirebench.formats.raster.JpegEncoder;
import org.wirebench.formats.raster.MapRenderer;

/**
 * Encodes a drawn map as the GetMap request asked: JPEG (the study's format, quality 75) or PNG,
 * with BGCOLOR where the map leaves the globe, or nothing there for a transparent PNG (a JPEG
 * cannot be transparent: it gets BGCOLOR, as MapServer answers). Every image is written through
 * memory, never ImageIO's file cache under java.io.tmpdir (a full temp folder failed every map).
 */
final class MapImages {
  private static final ThreadLocal<JpegEncoder> JPEG = ThreadLocal.withInitial(JpegEncoder::new);

  private MapImages() {}

  static void write(int[] pixels, WmsRequest.GetMap map, OutputStream out) throws IOException {
    int width = map.box().width();
    int height = map.box().height();
    boolean png = map.format().equals(WmsRequest.PNG);
    if (png && map.transparent()) {
      BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
      int[] argb = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
      for (int i = 0; i < pixels.length; i++) {
        int p = pixels[i];
        argb[i] = p == MapRenderer.OFF_GLOBE ? 0 : 0xFF000000 | p;
      }
      png(image, out);
      return;
    }
    int background = map.background();
    for (int i = 0; i < pixels.length; i++) {
      if (pixels[i] == MapRenderer.OFF_GLOBE) {
        pixels[i] = background;
      }
    }
    if (png) {
      png(JpegEncoder.rgbImage(pixels, width, height), out);
    } else {
      JPEG.get().encode(pixels, width, height, out);
    }
  }

  private static void png(BufferedImage image, OutputStream out) throws IOException {
    Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
    if (!writers.hasNext()) {
      throw new IOException("no PNG writer on the class path");
    }
    ImageWriter writer = writers.next();
    try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
      writer.setOutput(ios);
      writer.write(null, new IIOImage(image, null, null), null);
    } finally {
      writer.dispose();
    }
  }
}
