package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.formats.geo.codec.GeoCodecs;

/**
 * {@code encode --time-stamp} is taken by a format that writes a time stamp and refused for one
 * that writes none (it was ignored, exit 0): what a format writes is its own metadata, {@link
 * GeoCodec#writesTimeStamp}.
 */
class EncodeTimeStampTest {
  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private int encode(String format, Path out, String... more) {
    String[] args = {
      "encode", "--dataset", "osm_places", "--format", format, "--count", "2", "--out", "" + out
    };
    return cli.run(UsageRefusals.with(more, args));
  }

  @Test
  void aTimeStampForAFormatThatWritesNoneIsRefused() {
    Path out = tmp.resolve("places.json");
    assertEquals(2, encode("geojson", out, "--time-stamp", "2026-01-01T00:00:00Z"), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("--time-stamp has no effect with --format geojson"), cli::err);
    assertFalse(cli.err().contains("Usage:"), cli::err);
    assertFalse(Files.exists(out), "refused before any work");
  }

  /** Every registered codec, by what it says of itself: taken, or refused in one line. */
  @Test
  void everyFormatTakesOrRefusesItByItsOwnWord() throws Exception {
    for (GeoCodec codec : GeoCodecs.registry().all()) {
      Path out = tmp.resolve(codec.name());
      int exit = encode(codec.name(), out, "--time-stamp", "2026-01-01T00:00:00Z");
      if (codec.writesTimeStamp()) {
        assertEquals(0, exit, cli::err);
        assertTrue(
            Files.readString(out).contains("timeStamp=\"2026-01-01T00:00:00Z\""), codec.name());
      } else {
        assertEquals(2, exit, codec.name() + ": " + cli.err());
        assertTrue(cli.err().contains("writes no time stamp"), cli::err);
        assertFalse(Files.exists(out), codec.name());
      }
      // without the option every format encodes
      assertEquals(0, encode(codec.name(), tmp.resolve(codec.name() + ".plain")), cli::err);
    }
  }

  /**
   * A leap second (23:59:60) is refused in one line before any work: Instant.parse read it as
   * 23:59:59, and encode wrote a time stamp the user did not give, exit 0.
   */
  @Test
  void aLeapSecondIsRefusedNotMovedBackASecond() {
    Path out = tmp.resolve("roads.gml");
    assertEquals(2, encode("gml32", out, "--time-stamp", "2016-12-31T23:59:60Z"), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertTrue(cli.err().contains("'2016-12-31T23:59:60Z' is a leap second"), cli::err);
    assertFalse(Files.exists(out), "refused before any work");
  }
}
