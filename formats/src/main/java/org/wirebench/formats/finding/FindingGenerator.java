package org.wirebench.formats.finding;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A deterministic findItemsByKeywordsResponse of N tablet listings, shaped like the ql.io study's
 * captured response ({@code mock_gen/mock.xml} of the public repository
 * idralyuk/ql.io-protobuf-test, captured 2012-06-22; its text is not copied, and no test reads it):
 * the same fields and optional-field frequencies, titles of 30–80 characters, and text that must be
 * escaped and must survive ({@code AT&T}, {@code <}, quotes, accented letters, CJK). Item i depends
 * only on (seed, i), so any N is a prefix of a larger N. Calibrated so that 50 items are within 5%
 * of the study's 84,387 bytes as XML and 27,497 bytes as protobuf.
 */
public final class FindingGenerator {
  /** The study's item count. */
  public static final int STUDY_ITEMS = 50;

  /** The most items one response holds. */
  public static final int MAX_ITEMS = 100_000;

  public static final long DEFAULT_SEED = 20120622L;

  /** The response's own timestamp, the capture time of the study's payload. */
  private static final Instant NOW = Instant.parse("2012-06-22T00:51:16.538Z");

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT)
          .withZone(java.time.ZoneOffset.UTC);

  private static final String[] MODELS = {
    "iPad",
    "iPad 2",
    "iPad 3rd Generation",
    "iPad mini",
    "Galaxy Tab 10.1",
    "Kindle Fire",
    "Xoom",
    "Transformer Pad TF300",
    "Nexus 7",
    "PlayBook"
  };
  private static final String[] BRANDS = {
    "Apple",
    "Apple",
    "Apple",
    "Apple",
    "Samsung",
    "Amazon",
    "Motorola",
    "Asus",
    "Google",
    "BlackBerry"
  };
  private static final String[] CONNECTIVITY = {
    "Wi-Fi",
    "Wi-Fi + 3G (AT&T)",
    "Wi-Fi + 4G (Verizon)",
    "Wi-Fi + 3G (Unlocked)",
    "WiFi",
    "Wi-Fi + 4G (AT&T)"
  };
  private static final String[] COLORS = {"Black", "White", "Silver", "Schwarz", "Blanc"};
  private static final String[] TAILS = {
    "",
    "",
    "Broken Screen <read>",
    "\"MINT\" condition",
    "Neuf – scellé",
    "w/ Case & Charger",
    "FREE SHIPPING!!!",
    "日本版 Japan",
    "Größe 9.7\"",
    "Bundle: cover, stylus & café mug",
    "Good Condition",
    "Latest Model",
    "Fair Condition — works",
    "Seller refurbished ™"
  };
  private static final String[] ACCESSORIES = {
    "Leather Smart Cover Case", "Magnetic PU Stand Folio", "USB Sync & Charge Dock",
    "Bluetooth Keyboard Case", "Screen Protector 3-pack", "Étui à rabat en cuir"
  };
  private static final String[][] CATEGORIES = {
    {"171485", "iPads, Tablets & eBook Readers"},
    {"171485", "iPads, Tablets & eBook Readers"},
    {"171485", "iPads, Tablets & eBook Readers"},
    {"176973", "iPad/Tablet/eBook Accessories"},
    {"176974", "Cases, Covers, Keyboard Folios"},
  };
  private static final String[] LOCATIONS = {
    "USA",
    "USA",
    "USA",
    "Miami,FL,USA",
    "Cincinnati,OH,USA",
    "Union City,CA,USA",
    "Cedar Rapids,IA,USA",
    "Brooklyn,NY,USA",
    "Austin,TX,USA",
    "Hong Kong",
    "London,United Kingdom",
    "Zürich,Switzerland"
  };
  private static final String[][] CONDITIONS = {
    {"1000", "New"}, {"1000", "New"}, {"1500", "New other (see details)"},
    {"2000", "Manufacturer refurbished"}, {"2500", "Seller refurbished"}, {"3000", "Used"},
    {"3000", "Used"}, {"3000", "Used"}, {"7000", "For parts or not working"}
  };
  private static final String[] LISTING_TYPES = {
    "FixedPrice",
    "FixedPrice",
    "FixedPrice",
    "StoreInventory",
    "StoreInventory",
    "Auction",
    "AuctionWithBIN"
  };
  private static final String[] SHIPPING_TYPES = {
    "Free", "Free", "Free", "Flat", "Flat", "Calculated"
  };

  private FindingGenerator() {}

  /** The study's shape: 50 items, the default seed. */
  public static FindingResponse response() {
    return response(STUDY_ITEMS, DEFAULT_SEED, "ipad");
  }

  /**
   * @param items count: 0..{@value #MAX_ITEMS}
   * @param keywords what the itemSearchURL says was searched for
   */
  public static FindingResponse response(int items, long seed, String keywords) {
    if (items < 0 || items > MAX_ITEMS) {
      throw new IllegalArgumentException("items " + items + " is not in 0.." + MAX_ITEMS);
    }
    List<Item> list = new ArrayList<>(items);
    for (int i = 0; i < items; i++) {
      list.add(item(seed, i));
    }
    int totalEntries = 212_027;
    int perPage = Math.max(items, 1);
    String url =
        "http://www.ebay.com/sch/i.html?_nkw="
            + java.net.URLEncoder.encode(keywords, java.nio.charset.StandardCharsets.UTF_8)
            + "&_ddo=1&_ipg="
            + perPage
            + "&_pgn=1";
    return new FindingResponse(
        "Success",
        "1.12.0",
        TIME.format(NOW),
        list,
        new FindingResponse.Pagination(
            1, perPage, (totalEntries + perPage - 1) / perPage, totalEntries),
        url,
        List.of());
  }

  /** Item {@code index} of every response generated with {@code seed}. */
  public static Item item(long seed, int index) {
    SplittableRandom r = new SplittableRandom(seed * 1_000_003L + index);
    String itemId = Long.toString(110_000_000_000L + r.nextLong(190_000_000_000L));
    boolean accessory = r.nextInt(10) < 2;
    String title = accessory ? accessoryTitle(r) : tabletTitle(r);
    String[] category = accessory ? CATEGORIES[3 + r.nextInt(2)] : CATEGORIES[r.nextInt(3)];
    String globalId = pick(r, 50, "EBAY-US", "EBAY-GB", "EBAY-DE");
    String subtitle = r.nextInt(100) < 18 ? subtitle(r) : null;
    String gallery =
        "http://thumbs" + (1 + r.nextInt(4)) + ".ebaystatic.com/pict/" + itemId + "4040_1.jpg";
    String view =
        "http://www.ebay.com/itm/"
            + slug(title)
            + "/"
            + itemId
            + "?pt="
            + (accessory ? "US_Tablet_Accessories" : "US_Tablets");
    Item.ProductId productId =
        r.nextInt(10) < 9
            ? new Item.ProductId(
                "ReferenceID", Integer.toString(100_000_000 + r.nextInt(10_000_000)))
            : null;
    List<String> payment =
        r.nextInt(20) == 0 ? List.of("PayPal", "VisaMC", "Discover") : List.of("PayPal");
    String location = LOCATIONS[r.nextInt(LOCATIONS.length)];
    String country =
        location.endsWith("USA")
            ? "US"
            : location.startsWith("Hong") ? "HK" : location.startsWith("Zür") ? "CH" : "GB";
    String postal =
        country.equals("US") && r.nextInt(10) < 8
            ? Integer.toString(10_000 + r.nextInt(89_999))
            : null;
    String currency =
        globalId.equals("EBAY-GB") ? "GBP" : globalId.equals("EBAY-DE") ? "EUR" : "USD";

    String shippingType = SHIPPING_TYPES[r.nextInt(SHIPPING_TYPES.length)];
    Item.Amount cost =
        switch (shippingType) {
          case "Free" -> new Item.Amount("USD", 0.0);
          case "Flat" -> new Item.Amount("USD", price(r, 399, 2999));
          default -> null;
        };
    List<String> shipTo =
        switch (r.nextInt(50)) {
          case 0 -> List.of("US", "CA");
          case 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 -> List.of("Worldwide");
          default -> List.of("US");
        };
    Item.ShippingInfo shipping =
        new Item.ShippingInfo(
            cost,
            shippingType,
            shipTo,
            r.nextInt(5) == 0,
            r.nextInt(4) == 0,
            1 + (r.nextInt(10) < 8 ? 0 : r.nextInt(4)));

    String listingType = LISTING_TYPES[r.nextInt(LISTING_TYPES.length)];
    boolean auction = listingType.startsWith("Auction");
    double amount = accessory ? price(r, 499, 3999) : price(r, 9_900, 89_999);
    double converted = currency.equals("USD") ? amount : Math.round(amount * 155) / 100.0;
    Duration left = Duration.ofSeconds(30 + r.nextLong(30L * 24 * 3600));
    Item.SellingStatus selling =
        new Item.SellingStatus(
            new Item.Amount(currency, amount),
            new Item.Amount("USD", converted),
            auction ? r.nextInt(40) : null,
            "Active",
            isoDuration(left));
    Instant end = NOW.plus(left).truncatedTo(ChronoUnit.SECONDS);
    Instant start = end.minus(Duration.ofDays(auction ? 7 : 30));
    boolean bin = listingType.equals("AuctionWithBIN");
    double binPrice = Math.round(amount * 130) / 100.0;
    Item.ListingInfo listing =
        new Item.ListingInfo(
            !auction && r.nextInt(4) == 0,
            bin,
            bin ? new Item.Amount(currency, binPrice) : null,
            bin ? new Item.Amount("USD", binPrice) : null,
            TIME.format(start),
            TIME.format(end),
            listingType,
            false);
    String[] condition = CONDITIONS[r.nextInt(CONDITIONS.length)];
    return new Item(
        itemId,
        title,
        globalId,
        subtitle,
        new Item.Category(category[0], category[1]),
        gallery,
        view,
        productId,
        payment,
        r.nextBoolean(),
        postal,
        location,
        country,
        shipping,
        selling,
        listing,
        r.nextInt(3) > 0,
        new Item.Condition(Integer.parseInt(condition[0]), condition[1]),
        r.nextInt(25) == 0);
  }

  private static String tabletTitle(SplittableRandom r) {
    int m = r.nextInt(MODELS.length);
    String title =
        BRANDS[m]
            + " "
            + MODELS[m]
            + " "
            + (16 << r.nextInt(3))
            + "GB, "
            + CONNECTIVITY[r.nextInt(CONNECTIVITY.length)]
            + ", "
            + (m < 4 ? "9.7in" : "10.1in")
            + " - "
            + COLORS[r.nextInt(COLORS.length)]
            + (r.nextBoolean() ? " (MC" + (700 + r.nextInt(300)) + "LL/A)" : "")
            + " "
            + TAILS[r.nextInt(TAILS.length)];
    return clip(title.strip());
  }

  private static String accessoryTitle(SplittableRandom r) {
    int m = r.nextInt(MODELS.length);
    String title =
        ACCESSORIES[r.nextInt(ACCESSORIES.length)]
            + " for "
            + BRANDS[m]
            + " "
            + MODELS[m]
            + " "
            + COLORS[r.nextInt(COLORS.length)]
            + " "
            + TAILS[r.nextInt(TAILS.length)];
    return clip(title.strip());
  }

  private static String subtitle(SplittableRandom r) {
    return switch (r.nextInt(5)) {
      case 0 -> "WORKS PERFECTLY, screen has light scratches <see photos>";
      case 1 -> "Factory unlocked & ready to use — ships same day";
      case 2 -> "Includes original box, charger & cable";
      case 3 -> "30-day returns, \"no questions asked\"";
      default -> "Livraison gratuite, garantie 1 an";
    };
  }

  /** eBay titles are at most 80 characters. */
  private static String clip(String title) {
    return title.length() <= 80 ? title : title.substring(0, 77).strip() + "...";
  }

  /** The URL form of a title: ASCII letters and digits, everything else one dash. */
  private static String slug(String title) {
    StringBuilder b = new StringBuilder(title.length());
    for (int i = 0; i < title.length(); i++) {
      char c = title.charAt(i);
      boolean keep = c < 128 && Character.isLetterOrDigit(c);
      if (keep) {
        b.append(c);
      } else if (b.length() > 0 && b.charAt(b.length() - 1) != '-') {
        b.append('-');
      }
    }
    return b.append('-').toString();
  }

  private static double price(SplittableRandom r, int minCents, int maxCents) {
    return (minCents + r.nextInt(maxCents - minCents)) / 100.0;
  }

  private static String pick(SplittableRandom r, int oneIn, String usual, String... rare) {
    int n = r.nextInt(oneIn);
    return n < rare.length ? rare[n] : usual;
  }

  /** An xs:duration the way eBay writes timeLeft: P1DT2H3M4S, every part present. */
  static String isoDuration(Duration d) {
    return String.format(
        Locale.ROOT,
        "P%dDT%dH%dM%dS",
        d.toDays(),
        d.toHoursPart(),
        d.toMinutesPart(),
        d.toSecondsPart());
  }
}
