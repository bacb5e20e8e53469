package org.wirebench.formats.geo.fidelity;

import java.util.List;
import org.wirebench.formats.geo.codec.GeoCodecs;

/** Which codecs the fidelity table covers: every registered one that carries attributes. */
public final class CodecFidelity {
  private CodecFidelity() {}

  public static List<String> codecs() {
    return GeoCodecs.registry().names().stream()
        .filter(n -> GeoCodecs.get(n).carriesAttributes())
        .toList();
  }
}
