package org.wirebench.formats.finding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.codehaus.stax2.XMLStreamWriter2;
import org.wirebench.formats.finding.FindingResponse.ErrorData;
import org.wirebench.formats.finding.Item.Amount;
import org.wirebench.formats.xml.XmlFactories;

/**
 * Writes a response the way eBay's SOAP endpoint did: one line, a SOAP 1.1 envelope with an empty
 * header, the response in the FindingService default namespace. Woodstox escapes the text.
 */
final class FindingXmlWriter {
  static final String SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";

  private FindingXmlWriter() {}

  static byte[] write(FindingResponse response) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(2048 + 1700 * response.items().size());
    try {
      XMLStreamWriter2 w = XmlFactories.writer(out);
      w.writeStartDocument("utf-8", "1.0");
      w.writeStartElement("soapenv", "Envelope", SOAP_NS);
      w.writeNamespace("soapenv", SOAP_NS);
      w.writeEmptyElement("soapenv", "Header", SOAP_NS);
      w.writeStartElement("soapenv", "Body", SOAP_NS);
      w.writeStartElement("findItemsByKeywordsResponse");
      w.writeDefaultNamespace(FindingResponse.NAMESPACE);
      // the schema's order: ack, errorMessage, version, timestamp, searchResult, ...
      text(w, "ack", response.ack());
      if (!response.errors().isEmpty()) {
        w.writeStartElement("errorMessage");
        for (ErrorData e : response.errors()) {
          error(w, e);
        }
        w.writeEndElement();
      }
      text(w, "version", response.version());
      text(w, "timestamp", response.timestamp());
      w.writeStartElement("searchResult");
      w.writeAttribute("count", Integer.toString(response.items().size()));
      for (Item item : response.items()) {
        item(w, item);
      }
      w.writeEndElement();
      FindingResponse.Pagination p = response.pagination();
      w.writeStartElement("paginationOutput");
      text(w, "pageNumber", Integer.toString(p.pageNumber()));
      text(w, "entriesPerPage", Integer.toString(p.entriesPerPage()));
      text(w, "totalPages", Integer.toString(p.totalPages()));
      text(w, "totalEntries", Integer.toString(p.totalEntries()));
      w.writeEndElement();
      text(w, "itemSearchURL", response.itemSearchUrl());
      w.writeEndDocument();
      w.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write the FindingService XML", e);
    }
    return out.toByteArray();
  }

  private static void error(XMLStreamWriter2 w, ErrorData e) throws XMLStreamException {
    w.writeStartElement("error");
    text(w, "errorId", Long.toString(e.errorId()));
    text(w, "domain", e.domain());
    text(w, "severity", e.severity());
    text(w, "category", e.category());
    text(w, "message", e.message());
    text(w, "subdomain", e.subdomain());
    w.writeEndElement();
  }

  private static void item(XMLStreamWriter2 w, Item i) throws XMLStreamException {
    w.writeStartElement("item");
    text(w, "itemId", i.itemId());
    text(w, "title", i.title());
    text(w, "globalId", i.globalId());
    text(w, "subtitle", i.subtitle());
    if (i.primaryCategory() != null) {
      w.writeStartElement("primaryCategory");
      text(w, "categoryId", i.primaryCategory().categoryId());
      text(w, "categoryName", i.primaryCategory().categoryName());
      w.writeEndElement();
    }
    text(w, "galleryURL", i.galleryUrl());
    text(w, "viewItemURL", i.viewItemUrl());
    if (i.productId() != null) {
      w.writeStartElement("productId");
      w.writeAttribute("type", i.productId().type());
      w.writeCharacters(i.productId().value());
      w.writeEndElement();
    }
    texts(w, "paymentMethod", i.paymentMethod());
    flag(w, "autoPay", i.autoPay());
    text(w, "postalCode", i.postalCode());
    text(w, "location", i.location());
    text(w, "country", i.country());
    Item.ShippingInfo s = i.shippingInfo();
    if (s != null) {
      w.writeStartElement("shippingInfo");
      amount(w, "shippingServiceCost", s.shippingServiceCost());
      text(w, "shippingType", s.shippingType());
      texts(w, "shipToLocations", s.shipToLocations());
      flag(w, "expeditedShipping", s.expeditedShipping());
      flag(w, "oneDayShippingAvailable", s.oneDayShippingAvailable());
      text(w, "handlingTime", Integer.toString(s.handlingTime()));
      w.writeEndElement();
    }
    Item.SellingStatus st = i.sellingStatus();
    if (st != null) {
      w.writeStartElement("sellingStatus");
      amount(w, "currentPrice", st.currentPrice());
      amount(w, "convertedCurrentPrice", st.convertedCurrentPrice());
      text(w, "bidCount", st.bidCount() == null ? null : st.bidCount().toString());
      text(w, "sellingState", st.sellingState());
      text(w, "timeLeft", st.timeLeft());
      w.writeEndElement();
    }
    Item.ListingInfo l = i.listingInfo();
    if (l != null) {
      w.writeStartElement("listingInfo");
      flag(w, "bestOfferEnabled", l.bestOfferEnabled());
      flag(w, "buyItNowAvailable", l.buyItNowAvailable());
      amount(w, "buyItNowPrice", l.buyItNowPrice());
      amount(w, "convertedBuyItNowPrice", l.convertedBuyItNowPrice());
      text(w, "startTime", l.startTime());
      text(w, "endTime", l.endTime());
      text(w, "listingType", l.listingType());
      flag(w, "gift", l.gift());
      w.writeEndElement();
    }
    flag(w, "returnsAccepted", i.returnsAccepted());
    if (i.condition() != null) {
      w.writeStartElement("condition");
      text(w, "conditionId", Integer.toString(i.condition().conditionId()));
      text(w, "conditionDisplayName", i.condition().conditionDisplayName());
      w.writeEndElement();
    }
    flag(w, "isMultiVariationListing", i.isMultiVariationListing());
    w.writeEndElement();
  }

  private static void amount(XMLStreamWriter2 w, String name, Amount a) throws XMLStreamException {
    if (a != null) {
      w.writeStartElement(name);
      w.writeAttribute("currencyId", a.currencyId());
      w.writeCharacters(Double.toString(a.value()));
      w.writeEndElement();
    }
  }

  private static void flag(XMLStreamWriter2 w, String name, Boolean value)
      throws XMLStreamException {
    if (value != null) {
      text(w, name, value.toString());
    }
  }

  private static void texts(XMLStreamWriter2 w, String name, List<String> values)
      throws XMLStreamException {
    for (String v : values) {
      text(w, name, v);
    }
  }

  private static void text(XMLStreamWriter2 w, String name, String value)
      throws XMLStreamException {
    if (value != null) {
      w.writeStartElement(name);
      w.writeCharacters(value);
      w.writeEndElement();
    }
  }
}
