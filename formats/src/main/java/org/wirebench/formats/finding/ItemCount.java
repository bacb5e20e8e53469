package org.wirebench.formats.finding;

import java.util.Locale;

/**
 * {@code searchResult/@count} against the items that arrived: a body cut at an item boundary still
 * parses in every format, and only this count says items were lost.
 */
final class ItemCount {
  private ItemCount() {}

  static void check(String format, int declared, int received) throws BackendPayloadException {
    if (declared != received) {
      throw new BackendPayloadException(
          String.format(
              Locale.ROOT,
              "the %s backend's searchResult says count=%d but carries %d items",
              format,
              declared,
              received));
    }
  }
}
