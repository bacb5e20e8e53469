package org.wirebench.formats.finding;

import java.util.Locale;

/**
 * {@code searchResult/@count} against the items that arrived: a body cut at an item boundary still
 * parses in every format, and only this count says items were lost.
 */
final class ItemCount {
  private ItemCount() {}

  /**
   * Every FindingService answer carries a searchResult (count 0 when nothing matched, on failure
   * too); an answer without one is not what was asked for, and answering it as "no items" would be
   * a silent empty success.
   */
  static BackendPayloadException noSearchResult(String format) {
    return new BackendPayloadException(
        "the "
            + format
            + " backend's answer has no searchResult: not a findItemsByKeywordsResponse");
  }

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
