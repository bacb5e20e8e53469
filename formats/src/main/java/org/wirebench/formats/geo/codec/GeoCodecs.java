package org.wirebench.formats.geo.codec;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.wirebench.formats.registry.Registry;

/** The registered codecs: the built-ins and any a consumer adds through ServiceLoader. */
public final class GeoCodecs {
  /** WFS 1.0.0 lists a codec as an element named by its name in upper case. */
  private static final Pattern XML_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9._-]*");

  /** The codecs and their outputFormat names, or why they cannot be used. */
  private record Loaded(
      Registry<GeoCodec> registry, Map<String, GeoCodec> byOutputFormat, String failure) {
    static Loaded load() {
      try {
        Registry<GeoCodec> r = Registry.load(GeoCodec.class, "codec", GeoCodec::name);
        return new Loaded(r, outputFormats(r.all()), null);
      } catch (IllegalStateException e) {
        return new Loaded(null, null, e.getMessage());
      }
    }
  }

  private static final class Holder {
    static final Loaded LOADED = Loaded.load();
  }

  private GeoCodecs() {}

  /**
   * Every call fails the same way (not once with an ExceptionInInitializerError and then with
   * NoClassDefFoundErrors) when two codecs share a name or an outputFormat.
   */
  private static Loaded loaded() {
    Loaded l = Holder.LOADED;
    if (l.failure() != null) {
      throw new IllegalStateException(l.failure());
    }
    return l;
  }

  /**
   * @throws IllegalStateException when two registered codecs share a name or a WFS outputFormat
   */
  public static Registry<GeoCodec> registry() {
    return loaded().registry();
  }

  /** The named codec; an unknown name fails with the list of valid ones. */
  public static GeoCodec get(String name) {
    return registry().get(name);
  }

  /**
   * The codec a WFS outputFormat value selects: the one declaring it (without case and spaces,
   * {@link WfsOutputFormat#names}), else the codec of exactly that name.
   */
  public static Optional<GeoCodec> forOutputFormat(String outputFormat) {
    GeoCodec declared = loaded().byOutputFormat().get(WfsOutputFormat.normalize(outputFormat));
    if (declared != null) {
      return Optional.of(declared);
    }
    return registry().all().stream().filter(c -> c.name().equals(outputFormat)).findFirst();
  }

  /** The codecs the capabilities of {@code version} list, in registration order. */
  public static List<GeoCodec> listedIn(WfsVersion version) {
    return registry().all().stream().filter(c -> c.wfsOutputFormat().listedIn(version)).toList();
  }

  /**
   * Each declared outputFormat name (normalized) to its codec.
   *
   * @throws IllegalStateException when two codecs declare the same name, a declared name hides
   *     another codec's own name, or a codec listed in WFS 1.0.0 has a name no XML element can have
   */
  static Map<String, GeoCodec> outputFormats(Collection<GeoCodec> codecs) {
    Map<String, GeoCodec> byName = new TreeMap<>();
    for (GeoCodec c : codecs) {
      WfsOutputFormat f = c.wfsOutputFormat();
      for (String n : f.names()) {
        GeoCodec previous = byName.putIfAbsent(WfsOutputFormat.normalize(n), c);
        if (previous != null) {
          throw new IllegalStateException(
              "codecs '"
                  + previous.name()
                  + "' and '"
                  + c.name()
                  + "' both answer to WFS outputFormat '"
                  + n
                  + "'; one of them must declare other names (GeoCodec.wfsOutputFormat)");
        }
      }
      if (f.listedIn(WfsVersion.V1_0_0) && !XML_NAME.matcher(c.name()).matches()) {
        throw new IllegalStateException(
            "codec '"
                + c.name()
                + "' is listed in WFS 1.0.0, as an element named by its name: not an XML name");
      }
    }
    for (GeoCodec c : codecs) {
      GeoCodec other = byName.get(WfsOutputFormat.normalize(c.name()));
      if (other != null && other != c) {
        throw new IllegalStateException(
            "codec '"
                + other.name()
                + "' answers to WFS outputFormat '"
                + c.name()
                + "', which is codec '"
                + c.name()
                + "''s name: that codec could never be asked for");
      }
    }
    return Map.copyOf(byName);
  }
}
