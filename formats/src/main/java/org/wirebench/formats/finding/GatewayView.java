package org.wirebench.formats.finding;

import java.util.List;

/**
 * What the gateway keeps of a backend response: ql.io's {@code select searchResult.item,
 * errorMessage}. Every backend format decodes to this and the gateway's JSON is written from it, so
 * two formats carrying the same items give byte-identical JSON.
 */
public record GatewayView(List<Item> items, List<FindingResponse.ErrorData> errors) {
  public GatewayView {
    items = List.copyOf(items);
    errors = List.copyOf(errors);
  }
}
