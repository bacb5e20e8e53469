package org.wirebench.formats.geo.codec;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.wirebench.formats.media.MediaType;

/**
 * What a WFS offers a codec as, declared by the codec itself (as a GeoServer output format declares
 * the names it answers to): the server's GetFeature, its capabilities of every version and the
 * {@code wfs} load scenario read it from the registry ({@link GeoCodecs#forOutputFormat}, {@link
 * GeoCodecs#listedIn}), so a registered codec needs no other list.
 *
 * @param names outputFormat values that select the codec, compared as {@link #normalize} has it
 *     ({@code text/xml; subtype=gml/3.2} is {@code TEXT/XML;SUBTYPE="GML/3.2"}); the first is the
 *     one capabilities list and the {@code wfs} scenario sends. No two codecs may share one. Empty:
 *     the codec is reached by its exact name alone and listed nowhere (a peer or a floor, measured
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
      if (n.indexOf('/') >= 0 && MediaType.problem(n).isPresent()) {
        throw new IllegalArgumentException(
            "outputFormat '" + n + "' is " + MediaType.problem(n).get());
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
   * An outputFormat value as the names are compared: without white space at either end, a media
   * type by its {@link MediaType#key} as the OGC services write one ({@link MediaType#parseOws}: so
   * {@code application/gml+xml; version="3.2"} is {@code application/gml+xml;version=3.2}, as RFC
   * 9110 has it), any other name in lower case (ASCII: Java's full case mapping would fold the
   * Kelvin sign into a k, so a name with a k would answer to a spelling no client means). A text
   * with a '/' that is no media type ({@code appli cation/json}, {@code text/xml; subtype =
   * gml/3.2}) is kept as it is and names no format.
   */
  public static String normalize(String outputFormat) {
    String s =
        com.google.common.base.Ascii.toLowerCase(
            com.google.common.base.CharMatcher.anyOf(" \t").trimFrom(outputFormat));
    if (s.indexOf('/') >= 0 && MediaType.problem(s).isEmpty()) {
      return MediaType.parseOws(s).key();
    }
    return s;
  }
}
