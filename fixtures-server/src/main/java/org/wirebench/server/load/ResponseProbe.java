package org.wirebench.server.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpHeader;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.http.ContentCoding;

/**
 * What a plan's good responses look like, learnt from a live server before anything is exported:
 * each request variant sent once and validated in full by the point's own validator (as the
 * driver's preflight does), its content type, its body length and the body's outline (an XML root
 * element or a JSON object's first member). A JMeter plan asserts these, so JMeter counts the
 * answers the driver would count as errors as errors too.
 *
 * @param contentType the Content-Type header of the first response (null if none)
 * @param lengths body bytes (decoded) for each request variant, in the plan's order
 * @param lengthTolerance the plan's tolerance, a fraction of each length
 * @param structure the outline of the first body, or null for a body that has none (an image)
 */
public record ResponseProbe(
    String contentType, List<Long> lengths, double lengthTolerance, Structure structure) {

  /** An outline every good body has: an XPath for XML, a JSON path (and value) for JSON. */
  public record Structure(String kind, String path, String value) {
    public static final String XML = "xml";
    public static final String JSON = "json";
  }

  /** Fewest bytes a good body of variant {@code index} may have. */
  public long minBytes(int index) {
    return (long) Math.floor(lengths.get(index) * (1 - lengthTolerance));
  }

  /** Most bytes a good body of variant {@code index} may have. */
  public long maxBytes(int index) {
    return (long) Math.ceil(lengths.get(index) * (1 + lengthTolerance));
  }

  /**
   * Sends each variant of {@code plan} once.
   *
   * @throws IOException naming the variant whose answer is wrong (status, body, content type)
   */
  public static ResponseProbe of(String id, LoadPlan plan, LoadPlan.BodyValidator validator)
      throws Exception {
    HttpClient client = new HttpClient();
    client.start();
    client
        .getContentDecoderFactories()
        .clear(); // the plan's coding, decoded here as the driver does
    try {
      String type = null;
      List<Long> lengths = new ArrayList<>();
      Structure structure = null;
      for (int i = 0; i < plan.targets.size(); i++) {
        URI target = plan.targets.get(i);
        Request request =
            client
                .newRequest(target)
                .method(plan.method)
                .timeout(plan.timeout.toMillis(), TimeUnit.MILLISECONDS);
        request.headers(h -> plan.headers.forEach(h::put));
        if (plan.encoding != ContentCoding.IDENTITY) {
          request.headers(h -> h.put(HttpHeader.ACCEPT_ENCODING, plan.encoding.token()));
        }
        if (plan.body != null) {
          String bodyType = plan.headers.getOrDefault("Content-Type", "application/octet-stream");
          request.body(new BytesRequestContent(bodyType, plan.body));
        }
        ContentResponse response = request.send();
        String where = id + " request " + (i + 1) + " (" + target + ")";
        if (response.getStatus() != plan.expectStatus) {
          throw new IOException(
              where + ": status " + response.getStatus() + ", expected " + plan.expectStatus);
        }
        String coding =
            CodedBodies.codingProblem(
                plan.encoding, response.getHeaders().get(HttpHeader.CONTENT_ENCODING));
        if (coding != null) {
          throw new IOException(where + ": " + coding);
        }
        byte[] body;
        try {
          body = CodedBodies.decode(plan.encoding, response.getContent());
        } catch (IOException e) {
          throw new IOException(where + ": " + e.getMessage(), e);
        }
        String problem = validator == null ? null : validator.problem(i, body);
        if (problem != null) {
          throw new IOException(where + ": " + problem);
        }
        String thisType = response.getHeaders().get(HttpHeader.CONTENT_TYPE);
        if (i == 0) {
          type = thisType;
          structure = structure(type, body);
        } else if (type == null ? thisType != null : !type.equals(thisType)) {
          throw new IOException(where + ": content type " + thisType + ", the first was " + type);
        }
        lengths.add((long) body.length);
      }
      return new ResponseProbe(type, List.copyOf(lengths), plan.lengthTolerance, structure);
    } finally {
      client.stop();
    }
  }

  static Structure structure(String contentType, byte[] body) throws IOException {
    String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
    if (type.contains("json")) {
      try (JsonParser p = new JsonFactory().createParser(body)) {
        if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME) {
          return null;
        }
        String name = p.currentName();
        JsonToken value = p.nextToken();
        String path = name.matches("[A-Za-z_][A-Za-z0-9_]*") ? "$." + name : null;
        if (path == null) {
          return null;
        }
        return new Structure(
            Structure.JSON, path, value == JsonToken.VALUE_STRING ? p.getText() : null);
      }
    }
    if (type.contains("xml")) {
      try {
        XMLStreamReader r = XmlFactories.reader(body, 0, body.length);
        while (r.hasNext()) {
          if (r.next() == XMLStreamConstants.START_ELEMENT) {
            String ns = r.getNamespaceURI() == null ? "" : r.getNamespaceURI();
            return new Structure(
                Structure.XML,
                "/*[local-name()='" + r.getLocalName() + "' and namespace-uri()='" + ns + "']",
                null);
          }
        }
      } catch (XMLStreamException e) {
        throw new IOException("the body is not XML: " + e.getMessage(), e);
      }
    }
    return null;
  }
}
