package org.wirebench.formats.finding;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.wirebench.formats.finding.FindingResponse.ErrorData;

/**
 * A JSON backend, the comparison the study left to the reader: the response with the XML's
 * structure ({@code searchResult: {count, item: [...]}}), read with Jackson's streaming parser.
 */
public final class JsonBackend implements BackendFormat {
  static final JsonFactory JSON = JsonFactory.builder().build();

  @Override
  public String name() {
    return "json";
  }

  /** What the study's mock server sent for {@code .json}. */
  @Override
  public String contentType() {
    return "application/json;charset=UTF-8";
  }

  @Override
  public byte[] encode(FindingResponse response) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(1024 + 1200 * response.items().size());
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeStringField("ack", response.ack());
      if (!response.errors().isEmpty()) {
        g.writeArrayFieldStart("errorMessage");
        for (ErrorData e : response.errors()) {
          ItemJson.writeError(g, e);
        }
        g.writeEndArray();
      }
      g.writeStringField("version", response.version());
      g.writeStringField("timestamp", response.timestamp());
      g.writeObjectFieldStart("searchResult");
      g.writeNumberField("count", response.items().size());
      g.writeArrayFieldStart("item");
      for (Item item : response.items()) {
        ItemJson.write(g, item);
      }
      g.writeEndArray();
      g.writeEndObject();
      FindingResponse.Pagination p = response.pagination();
      g.writeObjectFieldStart("paginationOutput");
      g.writeNumberField("pageNumber", p.pageNumber());
      g.writeNumberField("entriesPerPage", p.entriesPerPage());
      g.writeNumberField("totalPages", p.totalPages());
      g.writeNumberField("totalEntries", p.totalEntries());
      g.writeEndObject();
      g.writeStringField("itemSearchURL", response.itemSearchUrl());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  @Override
  public GatewayView decode(byte[] body, int offset, int length) throws BackendPayloadException {
    try (JsonParser p = JSON.createParser(body, offset, length)) {
      p.nextToken();
      ItemJson.expect(p, JsonToken.START_OBJECT, "the response");
      List<Item> items = new ArrayList<>(64);
      List<ErrorData> errors = new ArrayList<>(2);
      String ack = null;
      boolean searchResult = false;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String f = p.currentName();
        p.nextToken();
        if (f.equals("ack")) {
          ItemJson.expect(p, JsonToken.VALUE_STRING, "ack");
          ack = p.getText();
        } else if (f.equals("searchResult")) {
          searchResult(p, items);
          searchResult = true;
        } else if (f.equals("errorMessage")) {
          ItemJson.expect(p, JsonToken.START_ARRAY, "errorMessage");
          while (p.nextToken() != JsonToken.END_ARRAY) {
            errors.add(ItemJson.readError(p));
          }
        } else {
          p.skipChildren();
        }
      }
      Ack.check("JSON", ack);
      if (!searchResult) {
        throw ItemCount.noSearchResult("JSON");
      }
      if (p.nextToken() != null) {
        throw new BackendPayloadException("the JSON backend's answer goes on after its object");
      }
      return new GatewayView(items, errors);
    } catch (StreamReadException e) {
      throw new BackendPayloadException(
          "the JSON backend's answer is not well-formed JSON: " + e.getOriginalMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new BackendPayloadException("the JSON backend's answer has " + e.getMessage(), e);
    } catch (IOException e) {
      throw new BackendPayloadException("the JSON backend's answer cannot be read: " + e, e);
    }
  }

  private static void searchResult(JsonParser p, List<Item> items)
      throws IOException, BackendPayloadException {
    ItemJson.expect(p, JsonToken.START_OBJECT, "searchResult");
    Integer count = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      p.nextToken();
      if (f.equals("count")) {
        ItemJson.expect(p, JsonToken.VALUE_NUMBER_INT, "count");
        count = p.getIntValue();
      } else if (f.equals("item")) {
        ItemJson.expect(p, JsonToken.START_ARRAY, "item");
        while (p.nextToken() != JsonToken.END_ARRAY) {
          items.add(ItemJson.read(p));
        }
      } else {
        p.skipChildren();
      }
    }
    if (count != null) {
      ItemCount.check("JSON", count, items.size());
    }
  }
}
