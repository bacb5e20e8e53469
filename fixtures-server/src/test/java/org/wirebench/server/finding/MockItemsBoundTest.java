package org.wirebench.server.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wirebench.formats.finding.BackendFormat;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;
import org.wirebench.formats.finding.FindingResponse;

/**
 * The mock's item count and the gateway's limit on a backend's answer agree: the most items allowed
 * give answers the gateway takes, in every format. Before, 20000 items (allowed: 0..100000) made a
 * 34 MB XML answer against the fixed 16 MiB limit, and every XML and JSON gateway call was a 502.
 */
class MockItemsBoundTest {
  @ParameterizedTest
  @ValueSource(ints = {FindingGateway.Settings.DEFAULT_MAX_RESPONSE_BYTES, 1 << 20, 100_000})
  void theMostItemsAllowedFitTheLimitInEveryFormat(int limit) {
    int items = FindingGateway.Settings.maxMockItems(limit);
    assertTrue(items > 0, "no item fits " + limit);
    FindingResponse r = FindingGenerator.response(items, FindingGenerator.DEFAULT_SEED, "ipad");
    for (BackendFormat f : BackendFormats.registry().all()) {
      int size = f.encode(r).length;
      assertTrue(size <= limit, f.name() + ": " + items + " items take " + size + " > " + limit);
    }
  }

  @Test
  void moreItemsThanTheLimitTakesAreRefusedNamingTheLimit() {
    int max = FindingGateway.Settings.MAX_MOCK_ITEMS;
    assertEquals(max, FindingGateway.Settings.maxMockItems(16 * 1024 * 1024));
    assertEquals(max, FindingGateway.Settings.DEFAULT.withMockItems(max).mockItems());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> FindingGateway.Settings.DEFAULT.withMockItems(20_000));
    assertTrue(
        e.getMessage()
            .equals(
                "mock items must be 0.."
                    + max
                    + " (the gateway takes a backend's answer up to 16777216 bytes), was 20000"),
        e.getMessage());
  }
}
