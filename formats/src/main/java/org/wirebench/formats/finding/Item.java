package org.wirebench.formats.finding;

import java.util.List;
import java.util.Objects;

/**
 * One {@code searchResult/item} of a findItemsByKeywordsResponse: the fields the ql.io gateway
 * projected. A {@code null} component is an optional element the backend left out (eBay omits
 * optional elements rather than sending them empty). A required text left out reads as "", as
 * proto3 reads an unset string, so every backend format gives the same item; lists are never null.
 */
public record Item(
    String itemId,
    String title,
    String globalId,
    String subtitle,
    Category primaryCategory,
    String galleryUrl,
    String viewItemUrl,
    ProductId productId,
    List<String> paymentMethod,
    Boolean autoPay,
    String postalCode,
    String location,
    String country,
    ShippingInfo shippingInfo,
    SellingStatus sellingStatus,
    ListingInfo listingInfo,
    boolean returnsAccepted,
    Condition condition,
    boolean isMultiVariationListing) {

  public Item {
    Objects.requireNonNull(itemId, "itemId");
    title = orEmpty(title);
    globalId = orEmpty(globalId);
    location = orEmpty(location);
    paymentMethod = List.copyOf(paymentMethod);
  }

  static String orEmpty(String text) {
    return text == null ? "" : text;
  }

  /** A price: {@code <currentPrice currencyId="USD">229.0</currentPrice>}. */
  public record Amount(String currencyId, double value) {
    public Amount {
      currencyId = orEmpty(currencyId);
    }
  }

  public record Category(String categoryId, String categoryName) {
    public Category {
      categoryId = orEmpty(categoryId);
      categoryName = orEmpty(categoryName);
    }
  }

  /** {@code <productId type="ReferenceID">103127916</productId>}. */
  public record ProductId(String type, String value) {
    public ProductId {
      type = orEmpty(type);
      value = orEmpty(value);
    }
  }

  public record ShippingInfo(
      Amount shippingServiceCost,
      String shippingType,
      List<String> shipToLocations,
      boolean expeditedShipping,
      boolean oneDayShippingAvailable,
      int handlingTime) {
    public ShippingInfo {
      shippingType = orEmpty(shippingType);
      shipToLocations = List.copyOf(shipToLocations);
    }
  }

  /** {@code timeLeft} is an ISO-8601 duration, kept as the backend wrote it. */
  public record SellingStatus(
      Amount currentPrice,
      Amount convertedCurrentPrice,
      Integer bidCount,
      String sellingState,
      String timeLeft) {
    public SellingStatus {
      sellingState = orEmpty(sellingState);
      timeLeft = orEmpty(timeLeft);
    }
  }

  /** {@code startTime} and {@code endTime} are xs:dateTime, kept as the backend wrote them. */
  public record ListingInfo(
      boolean bestOfferEnabled,
      boolean buyItNowAvailable,
      Amount buyItNowPrice,
      Amount convertedBuyItNowPrice,
      String startTime,
      String endTime,
      String listingType,
      boolean gift) {
    public ListingInfo {
      startTime = orEmpty(startTime);
      endTime = orEmpty(endTime);
      listingType = orEmpty(listingType);
    }
  }

  public record Condition(int conditionId, String conditionDisplayName) {
    public Condition {
      conditionDisplayName = orEmpty(conditionDisplayName);
    }
  }
}
