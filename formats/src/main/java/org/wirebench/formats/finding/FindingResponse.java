package org.wirebench.formats.finding;

import java.util.List;

/**
 * A whole findItemsByKeywordsResponse as the mock backend sends it. The gateway reads only {@link
 * #view()}: the items and the error messages.
 */
public record FindingResponse(
    String ack,
    String version,
    String timestamp,
    List<Item> items,
    Pagination pagination,
    String itemSearchUrl,
    List<ErrorData> errors) {

  /** The eBay FindingService namespace of the response body. */
  public static final String NAMESPACE = "http://www.ebay.com/marketplace/search/v1/services";

  public FindingResponse {
    items = List.copyOf(items);
    errors = List.copyOf(errors);
  }

  public GatewayView view() {
    return new GatewayView(items, errors);
  }

  /** {@code paginationOutput}. */
  public record Pagination(int pageNumber, int entriesPerPage, int totalPages, int totalEntries) {}

  /**
   * {@code errorMessage/error}: a warning or error the backend reports beside (or instead of)
   * items.
   */
  public record ErrorData(
      long errorId,
      String domain,
      String severity,
      String category,
      String message,
      String subdomain) {
    public ErrorData {
      domain = Item.orEmpty(domain);
      severity = Item.orEmpty(severity);
      category = Item.orEmpty(category);
      message = Item.orEmpty(message);
      subdomain = Item.orEmpty(subdomain);
    }
  }
}
