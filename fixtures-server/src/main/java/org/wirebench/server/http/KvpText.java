package org.wirebench.server.http;

import com.google.common.base.CharMatcher;

/**
 * The white space a KVP value may have round a name or a list item ({@code typeNames=a, b}, {@code
 * SORTBY=name DESC}, the CRS after a BBOX's numbers): the space, as a {@code +} or {@code %20}, and
 * the tab, as an outputFormat is compared ({@code WfsOutputFormat.normalize}). Java's {@link
 * String#strip} also takes the Unicode spaces (U+2003, U+3000), the line and paragraph separators
 * and the control characters U+001C..U+001F, so {@code typeNames=%1Cosm_places} or {@code
 * RESOURCEID=osm_places.1%E2%80%83} was answered as the name it only looks like.
 */
public final class KvpText {
  private static final CharMatcher SPACE = CharMatcher.anyOf(" \t");

  private KvpText() {}

  /** {@code s} without spaces and tabs at either end. */
  public static String trim(String s) {
    return SPACE.trimFrom(s);
  }

  /** Whether {@code s} is empty or spaces and tabs alone. */
  public static boolean isBlank(String s) {
    return SPACE.matchesAllOf(s);
  }
}
