package org.wirebench.formats.geo.codec;

import org.wirebench.formats.registry.Registry;

/** The registered codecs: the built-ins and any a consumer adds through ServiceLoader. */
public final class GeoCodecs {
  private static final class Holder {
    static final Registry<GeoCodec> REGISTRY =
        Registry.load(GeoCodec.class, "codec", GeoCodec::name);
  }

  private GeoCodecs() {}

  public static Registry<GeoCodec> registry() {
    return Holder.REGISTRY;
  }

  /** The named codec; an unknown name fails with the list of valid ones. */
  public static GeoCodec get(String name) {
    return registry().get(name);
  }
}
