package org.wirebench.server.wfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The paging links' parameters are escaped by Guava's form escaper; their bytes must stay what
 * {@link URLEncoder} wrote before it: every character below U+0100 alone, the BMP's edges, a
 * supplementary character, an unpaired surrogate, and whole values the study's queries send.
 */
class WfsPageLinkEncodingTest {
  @Test
  void escapesAsUrlEncoderDoes() {
    List<String> inputs = new ArrayList<>();
    for (char c = 0; c < 0x100; c++) {
      inputs.add(String.valueOf(c));
      inputs.add("a" + c + "b");
    }
    inputs.addAll(
        List.of(
            "",
            "\u07ff\u0800\uffff",
            "Z\u00fc~ \u4e2d *-._+&=%/",
            "\ud83d\ude00",
            "x\ud83dy",
            "\ude00",
            "application/gml+xml; version=3.2",
            "EPSG:4326",
            "osm:osm_places",
            "45,8,47,10,EPSG:4326",
            "osm_id DESC"));
    for (String s : inputs) {
      assertEquals(URLEncoder.encode(s, StandardCharsets.UTF_8), PageLinks.encode(s), s);
    }
  }
}
