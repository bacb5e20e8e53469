package org.wirebench.formats.geo.data;

import java.util.SplittableRandom;

/**
 * Street and place names that look like Switzerland's four-language mix, including the non-ASCII
 * letters (ü, é, à) a real OSM extract has, so every encoder's UTF-8 and escaping path runs.
 */
final class SwissNames {
  private static final String[] STEMS = {
    "Bahnhof",
    "Haupt",
    "See",
    "Berg",
    "Kirch",
    "Dorf",
    "Wald",
    "Zürcher",
    "Berner",
    "Basler",
    "Lindenhof",
    "Mühle",
    "Schloss",
    "Rosen",
    "Sonnen",
    "Brunnen",
    "Gartenhof",
    "Industrie",
    "Flughafen",
    "Seefeld",
    "Grüt",
    "Rhein",
    "Aare",
    "Limmat",
    "Matten",
    "Steinacker"
  };
  private static final String[] GERMAN_SUFFIXES = {"strasse", "weg", "gasse", "allee", "ring"};
  private static final String[] FRENCH = {
    "Route de Lausanne",
    "Rue du Lac",
    "Avenue de la Gare",
    "Chemin des Vignes",
    "Rue de Genève",
    "Route de Fribourg",
    "Quai du Mont-Blanc",
    "Rue de l'Hôpital",
    "Avenue de Beaulieu"
  };
  private static final String[] ITALIAN = {
    "Via Cantonale",
    "Via San Gottardo",
    "Via Lugano",
    "Via della Stazione",
    "Via Ceresio",
    "Strada Regina"
  };
  private static final String[] PLACE_HEADS = {
    "Ober", "Unter", "Nieder", "Wil", "Stein", "Brugg", "Kreuz", "Rüti", "Moos", "Buch", "Thal",
    "Neu", "Alt", "Hinter", "Vorder", "Châtel", "Mont", "Val", "Sankt ", "Bel"
  };
  private static final String[] PLACE_TAILS = {
    "dorf",
    "wil",
    "ingen",
    "ikon",
    "bach",
    "berg",
    "au",
    "egg",
    "matt",
    "feld",
    "-sur-Mer",
    "lier",
    "ens",
    "hausen",
    "stetten",
    "ried"
  };

  private SwissNames() {}

  static String street(SplittableRandom r) {
    int lang = r.nextInt(10);
    if (lang < 6) {
      return pick(r, STEMS) + pick(r, GERMAN_SUFFIXES);
    }
    return lang < 9 ? pick(r, FRENCH) : pick(r, ITALIAN);
  }

  static String place(SplittableRandom r) {
    String name = pick(r, PLACE_HEADS) + pick(r, PLACE_TAILS);
    return r.nextInt(8) == 0 ? name + " " + pick(r, new String[] {"SG", "ZH", "BE", "VD"}) : name;
  }

  private static String pick(SplittableRandom r, String[] choices) {
    return choices[r.nextInt(choices.length)];
  }
}
