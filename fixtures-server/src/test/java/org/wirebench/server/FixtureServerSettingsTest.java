package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.wirebench.server.finding.FindingGateway;
import org.wirebench.server.soap.SoapServices;

/**
 * The server's settings: the defaults are what the three-argument constructor gave, each wither
 * changes its own field only, and a value out of its range is refused when the settings are made,
 * naming the field (before, a negative stop timeout or a zero body limit reached Jetty).
 */
class FixtureServerSettingsTest {
  private static final FixtureServer.Settings D = FixtureServer.Settings.defaults();

  @Test
  void theDefaultsAreTheOldShortConstructors() {
    assertEquals(
        new FixtureServer.Settings(
            "127.0.0.1",
            0,
            0,
            SoapServices.DEFAULT_MAX_BODY_BYTES,
            true,
            false,
            FixtureServer.DEFAULT_HEADER_TIMEOUT_MS,
            FindingGateway.Settings.DEFAULT),
        D);
  }

  @Test
  void eachWitherChangesItsOwnField() {
    FindingGateway.Settings f = FindingGateway.Settings.DEFAULT.withMockItems(7);
    FixtureServer.Settings s =
        D.host("0.0.0.0")
            .port(65535)
            .stopTimeoutMs(600_000)
            .maxBodyBytes(Integer.MAX_VALUE)
            .compression(false)
            .accessLog(true)
            .headerTimeoutMs(1)
            .finding(f);
    assertEquals(
        new FixtureServer.Settings("0.0.0.0", 65535, 600_000, Integer.MAX_VALUE, false, true, 1, f),
        s);
    assertEquals(D, D.port(8080).port(0));
  }

  @Test
  void outOfRangeValuesAreRefusedWhenMade() {
    refused("port", s -> s.port(-1));
    refused("port", s -> s.port(65536));
    refused("stop timeout ms", s -> s.stopTimeoutMs(-1));
    refused("stop timeout ms", s -> s.stopTimeoutMs(600_001));
    refused("max body bytes", s -> s.maxBodyBytes(0));
    refused("max body bytes", s -> s.maxBodyBytes(Integer.MAX_VALUE + 1L));
    refused("header timeout ms", s -> s.headerTimeoutMs(0));
    refused("header timeout ms", s -> s.headerTimeoutMs(600_001));
    refused("host", s -> s.host(""));
    refused("host", s -> s.host(null));
    refused("finding", s -> s.finding(null));
  }

  private static void refused(String field, UnaryOperator<FixtureServer.Settings> change) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> change.apply(D));
    assertTrue(e.getMessage().startsWith(field), e.getMessage());
  }
}
