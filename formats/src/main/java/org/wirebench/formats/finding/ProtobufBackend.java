package org.wirebench.formats.finding;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.List;
import org.wirebench.formats.finding.FindingResponse.ErrorData;
import org.wirebench.formats.finding.proto.Amount;
import org.wirebench.formats.finding.proto.Category;
import org.wirebench.formats.finding.proto.Condition;
import org.wirebench.formats.finding.proto.ErrorMessage;
import org.wirebench.formats.finding.proto.FindItemsByKeywordsResponse;
import org.wirebench.formats.finding.proto.ListingInfo;
import org.wirebench.formats.finding.proto.PaginationOutput;
import org.wirebench.formats.finding.proto.ProductId;
import org.wirebench.formats.finding.proto.SearchItem;
import org.wirebench.formats.finding.proto.SearchResult;
import org.wirebench.formats.finding.proto.SellingStatus;
import org.wirebench.formats.finding.proto.ShippingInfo;

/**
 * The study's protobuf backend, with the project's own {@code finding.proto} and protobuf-java's
 * generated classes: the decoder parses the whole message and copies the items into the gateway
 * view; the gateway's JSON is written as the bytes are read ({@link ProtobufJson}).
 */
public final class ProtobufBackend implements BackendFormat {
  @Override
  public String name() {
    return "protobuf";
  }

  /** What the study's mock server sent for {@code .protobuf}. */
  @Override
  public String contentType() {
    return "application/octet-stream;charset=UTF-8";
  }

  @Override
  public byte[] encode(FindingResponse response) {
    SearchResult.Builder result = SearchResult.newBuilder().setCount(response.items().size());
    for (Item item : response.items()) {
      result.addItem(item(item));
    }
    FindingResponse.Pagination p = response.pagination();
    FindItemsByKeywordsResponse.Builder b =
        FindItemsByKeywordsResponse.newBuilder()
            .setAck(response.ack())
            .setVersion(response.version())
            .setTimestamp(response.timestamp())
            .setSearchResult(result)
            .setPaginationOutput(
                PaginationOutput.newBuilder()
                    .setPageNumber(p.pageNumber())
                    .setEntriesPerPage(p.entriesPerPage())
                    .setTotalPages(p.totalPages())
                    .setTotalEntries(p.totalEntries()))
            .setItemSearchUrl(response.itemSearchUrl());
    if (!response.errors().isEmpty()) {
      ErrorMessage.Builder errors = ErrorMessage.newBuilder();
      for (ErrorData e : response.errors()) {
        errors.addError(
            org.wirebench.formats.finding.proto.ErrorData.newBuilder()
                .setErrorId(e.errorId())
                .setDomain(e.domain())
                .setSeverity(e.severity())
                .setCategory(e.category())
                .setMessage(e.message())
                .setSubdomain(e.subdomain()));
      }
      b.setErrorMessage(errors);
    }
    return b.build().toByteArray();
  }

  private static SearchItem item(Item i) {
    SearchItem.Builder b =
        SearchItem.newBuilder()
            .setItemId(i.itemId())
            .setTitle(i.title())
            .setGlobalId(i.globalId())
            .addAllPaymentMethod(i.paymentMethod())
            .setLocation(i.location())
            .setReturnsAccepted(i.returnsAccepted())
            .setIsMultiVariationListing(i.isMultiVariationListing());
    if (i.subtitle() != null) b.setSubtitle(i.subtitle());
    if (i.primaryCategory() != null) {
      b.setPrimaryCategory(
          Category.newBuilder()
              .setCategoryId(i.primaryCategory().categoryId())
              .setCategoryName(i.primaryCategory().categoryName()));
    }
    if (i.galleryUrl() != null) b.setGalleryUrl(i.galleryUrl());
    if (i.viewItemUrl() != null) b.setViewItemUrl(i.viewItemUrl());
    if (i.productId() != null) {
      b.setProductId(
          ProductId.newBuilder().setType(i.productId().type()).setValue(i.productId().value()));
    }
    if (i.autoPay() != null) b.setAutoPay(i.autoPay());
    if (i.postalCode() != null) b.setPostalCode(i.postalCode());
    if (i.country() != null) b.setCountry(i.country());
    Item.ShippingInfo s = i.shippingInfo();
    if (s != null) {
      ShippingInfo.Builder sb =
          ShippingInfo.newBuilder()
              .setShippingType(s.shippingType())
              .addAllShipToLocations(s.shipToLocations())
              .setExpeditedShipping(s.expeditedShipping())
              .setOneDayShippingAvailable(s.oneDayShippingAvailable())
              .setHandlingTime(s.handlingTime());
      if (s.shippingServiceCost() != null)
        sb.setShippingServiceCost(amount(s.shippingServiceCost()));
      b.setShippingInfo(sb);
    }
    Item.SellingStatus st = i.sellingStatus();
    if (st != null) {
      SellingStatus.Builder sb =
          SellingStatus.newBuilder().setSellingState(st.sellingState()).setTimeLeft(st.timeLeft());
      if (st.currentPrice() != null) sb.setCurrentPrice(amount(st.currentPrice()));
      if (st.convertedCurrentPrice() != null) {
        sb.setConvertedCurrentPrice(amount(st.convertedCurrentPrice()));
      }
      if (st.bidCount() != null) sb.setBidCount(st.bidCount());
      b.setSellingStatus(sb);
    }
    Item.ListingInfo l = i.listingInfo();
    if (l != null) {
      ListingInfo.Builder lb =
          ListingInfo.newBuilder()
              .setBestOfferEnabled(l.bestOfferEnabled())
              .setBuyItNowAvailable(l.buyItNowAvailable())
              .setStartTime(l.startTime())
              .setEndTime(l.endTime())
              .setListingType(l.listingType())
              .setGift(l.gift());
      if (l.buyItNowPrice() != null) lb.setBuyItNowPrice(amount(l.buyItNowPrice()));
      if (l.convertedBuyItNowPrice() != null) {
        lb.setConvertedBuyItNowPrice(amount(l.convertedBuyItNowPrice()));
      }
      b.setListingInfo(lb);
    }
    if (i.condition() != null) {
      b.setCondition(
          Condition.newBuilder()
              .setConditionId(i.condition().conditionId())
              .setConditionDisplayName(i.condition().conditionDisplayName()));
    }
    return b.build();
  }

  private static Amount amount(Item.Amount a) {
    return Amount.newBuilder().setCurrencyId(a.currencyId()).setValue(a.value()).build();
  }

  /**
   * Written as it is read ({@link ProtobufJson}); an answer that reader doubts, and every fault, is
   * written again from the view, which gives the same bytes or names the error.
   */
  @Override
  public void writeGatewayJson(
      byte[] body, int offset, int length, java.io.OutputStream out, Runnable restart)
      throws BackendPayloadException, java.io.IOException {
    try {
      ProtobufJson.write(body, offset, length, out);
      return;
    } catch (ProtobufJson.Doubt | InvalidProtocolBufferException | IllegalArgumentException e) {
      // not its shape, or an error: what it wrote goes, and the view decides (and names any error)
    }
    restart.run();
    GatewayJson.write(decode(body, offset, length), out);
  }

  @Override
  public GatewayView decode(byte[] body, int offset, int length) throws BackendPayloadException {
    FindItemsByKeywordsResponse response;
    try {
      response = FindItemsByKeywordsResponse.parser().parseFrom(body, offset, length);
    } catch (InvalidProtocolBufferException e) {
      throw new BackendPayloadException(
          "the protobuf backend's answer is not a FindItemsByKeywordsResponse: " + e.getMessage(),
          e);
    }
    try {
      KnownFields.check(response, "findItemsByKeywordsResponse");
      Ack.check("protobuf", response.getAck());
      if (!response.hasSearchResult()) {
        throw ItemCount.noSearchResult("protobuf");
      }
      SearchResult result = response.getSearchResult();
      KnownFields.check(result, "searchResult");
      List<SearchItem> in = result.getItemList();
      ItemCount.check("protobuf", result.getCount(), in.size());
      List<Item> items = new ArrayList<>(in.size());
      for (int i = 0; i < in.size(); i++) {
        items.add(item(in.get(i), i));
      }
      if (response.hasPaginationOutput()) {
        KnownFields.check(response.getPaginationOutput(), "paginationOutput");
      }
      KnownFields.check(response.getErrorMessage(), "errorMessage");
      List<ErrorData> errors = new ArrayList<>(response.getErrorMessage().getErrorCount());
      for (org.wirebench.formats.finding.proto.ErrorData e :
          response.getErrorMessage().getErrorList()) {
        KnownFields.check(e, "errorMessage.error");
        errors.add(
            new ErrorData(
                e.getErrorId(),
                e.getDomain(),
                e.getSeverity(),
                e.getCategory(),
                e.getMessage(),
                e.getSubdomain()));
      }
      return new GatewayView(items, errors);
    } catch (IllegalArgumentException e) {
      throw new BackendPayloadException("the protobuf backend's answer has " + e.getMessage(), e);
    }
  }

  private static Item item(SearchItem s, int index) throws BackendPayloadException {
    KnownFields.check(s, index, "");
    if (s.getItemId().isEmpty()) {
      throw new BackendPayloadException("the protobuf backend sent an item without an itemId");
    }
    if (s.hasPrimaryCategory())
      KnownFields.check(s.getPrimaryCategory(), index, ".primaryCategory");
    if (s.hasProductId()) KnownFields.check(s.getProductId(), index, ".productId");
    if (s.hasCondition()) KnownFields.check(s.getCondition(), index, ".condition");
    Item.ShippingInfo shipping = null;
    if (s.hasShippingInfo()) {
      ShippingInfo p = s.getShippingInfo();
      KnownFields.check(p, index, ".shippingInfo");
      shipping =
          new Item.ShippingInfo(
              p.hasShippingServiceCost() ? amount(p.getShippingServiceCost()) : null,
              p.getShippingType(),
              p.getShipToLocationsList(),
              p.getExpeditedShipping(),
              p.getOneDayShippingAvailable(),
              p.getHandlingTime());
    }
    Item.SellingStatus selling = null;
    if (s.hasSellingStatus()) {
      SellingStatus p = s.getSellingStatus();
      KnownFields.check(p, index, ".sellingStatus");
      selling =
          new Item.SellingStatus(
              p.hasCurrentPrice() ? amount(p.getCurrentPrice()) : null,
              p.hasConvertedCurrentPrice() ? amount(p.getConvertedCurrentPrice()) : null,
              p.hasBidCount() ? p.getBidCount() : null,
              p.getSellingState(),
              p.getTimeLeft());
    }
    Item.ListingInfo listing = null;
    if (s.hasListingInfo()) {
      ListingInfo p = s.getListingInfo();
      KnownFields.check(p, index, ".listingInfo");
      listing =
          new Item.ListingInfo(
              p.getBestOfferEnabled(),
              p.getBuyItNowAvailable(),
              p.hasBuyItNowPrice() ? amount(p.getBuyItNowPrice()) : null,
              p.hasConvertedBuyItNowPrice() ? amount(p.getConvertedBuyItNowPrice()) : null,
              p.getStartTime(),
              p.getEndTime(),
              p.getListingType(),
              p.getGift());
    }
    return new Item(
        s.getItemId(),
        s.getTitle(),
        s.getGlobalId(),
        s.hasSubtitle() ? s.getSubtitle() : null,
        s.hasPrimaryCategory()
            ? new Item.Category(
                s.getPrimaryCategory().getCategoryId(), s.getPrimaryCategory().getCategoryName())
            : null,
        s.hasGalleryUrl() ? s.getGalleryUrl() : null,
        s.hasViewItemUrl() ? s.getViewItemUrl() : null,
        s.hasProductId()
            ? new Item.ProductId(s.getProductId().getType(), s.getProductId().getValue())
            : null,
        s.getPaymentMethodList(),
        s.hasAutoPay() ? s.getAutoPay() : null,
        s.hasPostalCode() ? s.getPostalCode() : null,
        s.getLocation(),
        s.hasCountry() ? s.getCountry() : null,
        shipping,
        selling,
        listing,
        s.getReturnsAccepted(),
        s.hasCondition()
            ? new Item.Condition(
                s.getCondition().getConditionId(), s.getCondition().getConditionDisplayName())
            : null,
        s.getIsMultiVariationListing());
  }

  private static Item.Amount amount(Amount a) throws BackendPayloadException {
    KnownFields.check(a, "an item's amount");
    return new Item.Amount(a.getCurrencyId(), XsdValues.checkPrice(a.getValue()));
  }
}
