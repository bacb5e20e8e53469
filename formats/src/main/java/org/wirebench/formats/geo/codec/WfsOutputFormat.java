package org.wirebench.formats.geo.codec;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What a WFS offers a codec as, declared by the codec itself (as a GeoServer output format declares
 * the names it answers to): the server's GetFeature, its capabilities of every version and the
 * {@code wfs} load scenario read it from the registry ({@link GeoCodecs#forOutputFormat}, {@link
 * GeoCodecs#listedIn}), so a registered codec needs no other list.
 *
 * @param names outputFormat values that select the codec, compared without case and spaces ({@code
 *     text/xml; subtype=gml/3.2} is {@code TEXT/XML;SUBTYPE=GML/3.2}); the first is the one
 *     capabilities list and the {@code wfs} scenario sends. No two codecs may share one. Empty: the
 *     codec is reached by its exact name alone and listed nowhere (a peer or a floor, measured
 *     beside the others but not offered).
 * @param versions the WFS versions whose capabilities list it. WFS 1.0.0 lists a codec as an
 *     element named by the codec's name in upper case ({@code <GML2/>}); the OGC 1.0.0 schema knows
 *     that one element alone, so only GML 2 is listed there by default.
 */
public record WfsOutputFormat(List<String> names, Set<WfsVersion> versions) {
  /** Served by its exact name only, in no capabilities. */
  public static final WfsOutputFormat UNLISTED = new WfsOutputFormat(List.of(), Set.of());

  public WfsOutputFormat {
    names = List.copyOf(names);
    versions = Set.copyOf(versions);
    List<String> seen = new ArrayList<>();
    for (String n : names) {
      if (n.isBlank()) {
        throw new IllegalArgumentException("a blank outputFormat name in " + names);
      }
      if (seen.contains(normalize(n))) {
        throw new IllegalArgumentException("outputFormat '" + n + "' twice in " + names);
      }
      seen.add(normalize(n));
    }
    if (names.isEmpty() && !versions.isEmpty()) {
      throw new IllegalArgumentException("listed in " + versions + " without an outputFormat name");
    }
  }

  /**
   * Listed as {@code listed} in the capabilities of WFS 1.1.0 and 2.0.0 (whose outputFormat is free
   * text), answering to it and to each of {@code aliases}.
   */
  public static WfsOutputFormat of(String listed, String... aliases) {
    List<String> all = new ArrayList<>();
    all.add(listed);
    all.addAll(List.of(aliases));
    return new WfsOutputFormat(all, EnumSet.of(WfsVersion.V1_1_0, WfsVersion.V2_0_0));
  }

  /** The same names, listed in exactly these versions. */
  public WfsOutputFormat in(WfsVersion first, WfsVersion... more) {
    return new WfsOutputFormat(names, EnumSet.of(first, more));
  }

  /** The outputFormat capabilities list, or null when it is {@link #UNLISTED}. */
  public String listed() {
    return names.isEmpty() ? null : names.get(0);
  }

  public boolean listedIn(WfsVersion version) {
    return versions.contains(version);
  }

  /**
   * An outputFormat value as the names are compared: lower case in ASCII (Java's full case mapping
   * would fold the Kelvin sign into a k, so a name with a k would answer to a spelling no client
   * means), without the spaces a media type may have around its parameters' ";" and "=" and at
   * either end. A space elsewhere stays, so that {@code appli cation/json} names no format rather
   * than GeoJSON.
   */
  public static String normalize(String outputFormat) {
    String s = com.google.common.base.Ascii.toLowerCase(outputFormat);
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ') {
        int end = i;
        while (end < s.length() && s.charAt(end) == ' ') {
          end++;
        }
        boolean edge = b.length() == 0 || end == s.length();
        char before = edge ? ';' : b.charAt(b.length() - 1);
        char after = edge ? ';' : s.charAt(end);
        if (edge || before == ';' || before == '=' || after == ';' || after == '=') {
          i = end - 1;
          continue;
        }
      }
      b.append(c);
    }
    return b.toString();
  }
}
