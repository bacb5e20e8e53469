package org.wirebench.server.wms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.raster.BlueMarble;
import org.wirebench.formats.raster.MapRenderer;
import org.wirebench.formats.raster.TileCacheRenderer;
import org.wirebench.server.FixtureServer;

/**
 * What the server finds on disk does not break its maps: a damaged tile in the cache is redrawn (it
 * answered Jetty's HTML 500 naming IIOException, on every request), a temp folder ImageIO cannot
 * use does not fail a map, and a map that cannot be drawn is a ServiceExceptionReport.
 */
class WmsDamageTest {
  /** Exactly tile 2/5/1 of the cache's grid: 256 × 256 at level 2. */
  private static final String TILE_MAP =
      "?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=bluemarble&STYLES=&SRS=EPSG:4326"
          + "&BBOX=45,0,90,45&WIDTH=256&HEIGHT=256&FORMAT=";

  @TempDir Path root;

  @Test
  void aDamagedTileIsRedrawnAndTheMapServed() throws Exception {
    Path tile = TileCacheRenderer.folderFor(root, BlueMarble.WIDTH).resolve("2/5/1.jpg");
    Files.createDirectories(tile.getParent());
    for (byte[] damage : new byte[][] {new byte[0], "not a jpeg".getBytes()}) {
      Files.write(tile, damage);
      try (FixtureServer server =
          new FixtureServer(FixtureServer.Settings.defaults()).tileCacheRoot(root).start()) {
        ContentResponse r = get(server, "tiled/wms" + TILE_MAP + "image/jpeg");
        assertEquals(200, r.getStatus(), r.getContentAsString());
        assertEquals("image/jpeg", r.getMediaType());
        BufferedImage map = ImageIO.read(new ByteArrayInputStream(r.getContent()));
        assertEquals(256, map.getWidth());
        assertTrue(Files.size(tile) > 1000, "the tile on disk was redrawn");
      }
    }
  }

  /**
   * ImageIO's file cache pointed at a folder that is gone: maps (PNG too) are drawn through memory.
   */
  @Test
  void mapsDoNotNeedTheTempFolder(@TempDir Path gone) throws Exception {
    boolean useCache = ImageIO.getUseCache();
    File cacheDirectory = ImageIO.getCacheDirectory();
    try (FixtureServer server =
        new FixtureServer(FixtureServer.Settings.defaults()).tileCacheRoot(root).start()) {
      ImageIO.setCacheDirectory(gone.toFile());
      Files.delete(gone);
      ImageIO.setUseCache(true);
      for (String path : new String[] {"wms", "tiled/wms"}) {
        for (String format : new String[] {"image/png", "image/jpeg"}) {
          ContentResponse r = get(server, path + TILE_MAP + format);
          assertEquals(200, r.getStatus(), path + " " + format + ": " + r.getContentAsString());
          assertEquals(format, r.getMediaType());
        }
      }
    } finally {
      ImageIO.setCacheDirectory(cacheDirectory);
      ImageIO.setUseCache(useCache);
    }
  }

  /** A renderer that fails: a 500 in the WMS's own form, without the exception's message. */
  @Test
  void aMapThatCannotBeDrawnIsAServiceException() throws Exception {
    MapRenderer broken =
        (request, srs) -> {
          throw new java.io.IOException("secret path /var/cache/x");
        };
    Server server = new Server();
    LocalConnector local = new LocalConnector(server);
    server.addConnector(local);
    server.setHandler(
        new WmsHandler("broken", () -> broken, 4096, MapLimits.of(1 << 24, 2, 20_000)));
    server.start();
    try {
      for (String version : new String[] {"1.1.1", "1.3.0"}) {
        String q =
            TILE_MAP
                .replace("1.1.1", version)
                .replace("SRS=", version.equals("1.3.0") ? "CRS=" : "SRS=");
        HttpTester.Response r =
            HttpTester.parseResponse(
                local.getResponse(
                    "GET /wms"
                        + q
                        + "image/jpeg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
        assertEquals(500, r.getStatus(), r.getContent());
        assertEquals(
            WmsExceptions.mediaType(WmsVersion.of(version)), r.get("Content-Type").split(";")[0]);
        assertTrue(r.getContent().contains("ServiceException"), r.getContent());
        assertFalse(r.getContent().contains("secret"), r.getContent());
      }
    } finally {
      server.stop();
    }
  }

  private static ContentResponse get(FixtureServer server, String pathAndQuery) throws Exception {
    HttpClient client = new HttpClient();
    client.start();
    try {
      return client
          .newRequest(server.uri().resolve(pathAndQuery))
          .timeout(60, TimeUnit.SECONDS)
          .send();
    } finally {
      client.stop();
    }
  }
}
