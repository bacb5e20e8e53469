package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.wirebench.formats.finding.proto.Amount;
import org.wirebench.formats.finding.proto.FindItemsByKeywordsResponse;
import org.wirebench.formats.finding.proto.SearchItem;
import org.wirebench.formats.finding.proto.SearchResult;
import org.wirebench.formats.finding.proto.SellingStatus;

/**
 * Every bad backend answer is one BackendPayloadException naming the cause, never anything else.
 */
class BackendFaultsTest {
  private static final FindingResponse FIVE =
      FindingGenerator.response(5, FindingGenerator.DEFAULT_SEED, "ipad");

  private static String refused(String format, byte[] body) {
    BackendPayloadException e =
        assertThrows(BackendPayloadException.class, () -> BackendFormats.get(format).decode(body));
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    // the gateway's path (the XML one writes as it reads): the same error, no JSON left behind
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    BackendPayloadException g =
        assertThrows(
            BackendPayloadException.class,
            () ->
                BackendFormats.get(format).writeGatewayJson(body, 0, body.length, out, out::reset));
    assertEquals(e.getMessage(), g.getMessage(), format + " gateway path");
    assertEquals(0, out.size(), format + ": JSON written for a refused answer");
    return e.getMessage();
  }

  private static String xml() {
    return new String(BackendFormats.get("xml").encode(FIVE), StandardCharsets.UTF_8);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void xmlWithADoctypeIsRefusedBeforeAnyEntityIsRead() {
    String xxe =
        "<?xml version='1.0'?><!DOCTYPE r [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
            + "<findItemsByKeywordsResponse xmlns='"
            + FindingResponse.NAMESPACE
            + "'><ack>&x;</ack></findItemsByKeywordsResponse>";
    assertTrue(refused("xml", utf8(xxe)).contains("DOCTYPE"));
    String laughs =
        "<!DOCTYPE r [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;'>]><r>&b;</r>";
    assertTrue(refused("xml", utf8(laughs)).contains("DOCTYPE"));
  }

  /**
   * What follows the answer's element is read too, on both readers: a processing instruction in the
   * prolog sends the answer to Woodstox, which once stopped at the element's end and took a body
   * cut inside the last end tag, or one with a second root, as a complete answer.
   */
  @Test
  void aBodyCutOrContinuedAfterTheAnswerIsRefusedOnBothReaders() throws Exception {
    String whole = xml();
    for (String prolog : List.of("", "<?wirebench pi?>")) {
      String doc = prolog.isEmpty() ? whole : insertAfterDeclaration(whole, prolog);
      int cut = doc.lastIndexOf("</") + 3;
      for (String bad :
          List.of(
              doc.substring(0, cut),
              doc.substring(0, doc.length() - 1),
              doc + "<second/>",
              doc + "text after the root")) {
        refused("xml", utf8(bad));
      }
      BackendFormats.get("xml").decode(utf8(doc + "\n<!-- a comment -->\n"));
    }
  }

  private static String insertAfterDeclaration(String doc, String what) {
    int at = doc.startsWith("<?xml") ? doc.indexOf("?>") + 2 : 0;
    return doc.substring(0, at) + what + doc.substring(at);
  }

  @Test
  void anUndeclaredEntityIsNotWellFormed() {
    String body = xml().replace("<ack>Success</ack>", "<ack>&xxe;</ack>");
    refused("xml", utf8(body));
  }

  @Test
  void aSoapFaultIsNamedWithItsFaultString() {
    String fault =
        "<soapenv:Envelope xmlns:soapenv='http://schemas.xmlsoap.org/soap/envelope/'><soapenv:Body>"
            + "<soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>Invalid\n appname"
            + "</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>";
    assertTrue(refused("xml", utf8(fault)).contains("SOAP fault: Invalid appname"));
  }

  @Test
  void truncatedOrForeignBodiesAreRefusedInEveryFormat() {
    for (String format : List.of("xml", "protobuf", "json")) {
      byte[] body = BackendFormats.get(format).encode(FIVE);
      refused(format, Arrays.copyOf(body, body.length / 2));
      refused(format, new byte[0]);
      for (String other : List.of("xml", "protobuf", "json")) {
        if (!other.equals(format)) {
          refused(format, BackendFormats.get(other).encode(FIVE));
        }
      }
    }
    refused("xml", utf8("<html><body>502 Bad Gateway</body></html>"));
    refused("json", utf8("{\"searchResult\":{\"count\":1,\"item\":[{}]}}"));
  }

  /**
   * A listing message of another schema, as the ql.io study's own .proto wrote it: field numbers
   * that collide with ours (1 is a string in both) and others ours does not have.
   */
  private static byte[] otherSchema() throws Exception {
    DescriptorProtos.FileDescriptorProto file =
        DescriptorProtos.FileDescriptorProto.newBuilder()
            .setName("other.proto")
            .setSyntax("proto3")
            .addMessageType(
                DescriptorProtos.DescriptorProto.newBuilder()
                    .setName("Listing")
                    .addField(field("id", 1, FieldDescriptorProto.Type.TYPE_STRING))
                    .addField(field("price", 9, FieldDescriptorProto.Type.TYPE_DOUBLE))
                    .addField(field("seller", 12, FieldDescriptorProto.Type.TYPE_STRING)))
            .addMessageType(
                DescriptorProtos.DescriptorProto.newBuilder()
                    .setName("Search")
                    .addField(field("ack", 1, FieldDescriptorProto.Type.TYPE_STRING))
                    .addField(
                        field("listing", 8, FieldDescriptorProto.Type.TYPE_MESSAGE)
                            .setTypeName("Listing")
                            .setLabel(FieldDescriptorProto.Label.LABEL_REPEATED)))
            .build();
    Descriptors.FileDescriptor fd =
        Descriptors.FileDescriptor.buildFrom(file, new Descriptors.FileDescriptor[0]);
    Descriptors.Descriptor search = fd.findMessageTypeByName("Search");
    Descriptors.Descriptor listing = fd.findMessageTypeByName("Listing");
    DynamicMessage.Builder b = DynamicMessage.newBuilder(search);
    b.setField(search.findFieldByName("ack"), "Success");
    for (int i = 0; i < 50; i++) {
      b.addRepeatedField(
          search.findFieldByName("listing"),
          DynamicMessage.newBuilder(listing)
              .setField(listing.findFieldByName("id"), "11" + i)
              .setField(listing.findFieldByName("price"), 499.0 + i)
              .setField(listing.findFieldByName("seller"), "seller" + i)
              .build());
    }
    return b.build().toByteArray();
  }

  private static FieldDescriptorProto.Builder field(
      String name, int number, FieldDescriptorProto.Type type) {
    return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type);
  }

  @Test
  void aProtobufMessageOfAnotherSchemaIsRefusedNotReadAsEmpty() throws Exception {
    byte[] body = otherSchema();
    assertTrue(body.length > 1000, "50 listings: " + body.length + " bytes");
    String why = refused("protobuf", body);
    assertTrue(why.contains("[8]") && why.contains("another schema"), why);
  }

  @Test
  void anAckWithoutASearchResultIsRefusedInEveryFormat() {
    byte[] ackOnly =
        FindItemsByKeywordsResponse.newBuilder().setAck("Success").build().toByteArray();
    assertEquals(9, ackOnly.length);
    assertTrue(refused("protobuf", ackOnly).contains("no searchResult"));
    assertTrue(refused("json", utf8("{\"ack\":\"Success\"}")).contains("no searchResult"));
    String xml =
        xml().replaceAll("(?s)<searchResult.*</searchResult>", "").replace("<searchResult/>", "");
    assertFalse(xml.contains("searchResult"), xml);
    assertTrue(refused("xml", utf8(xml)).contains("no searchResult"));
  }

  @Test
  void anUnknownFieldInsideAnItemIsRefusedWithItsPlace() {
    byte[] good = BackendFormats.get("protobuf").encode(FIVE);
    FindItemsByKeywordsResponse r = parse(good);
    SearchItem third =
        r.getSearchResult().getItem(2).toBuilder()
            .setUnknownFields(
                com.google.protobuf.UnknownFieldSet.newBuilder()
                    .addField(
                        99,
                        com.google.protobuf.UnknownFieldSet.Field.newBuilder().addVarint(1).build())
                    .build())
            .build();
    byte[] body =
        r.toBuilder()
            .setSearchResult(r.getSearchResult().toBuilder().setItem(2, third))
            .build()
            .toByteArray();
    String why = refused("protobuf", body);
    assertTrue(why.contains("[99]") && why.contains("searchResult.item[2]"), why);
  }

  private static FindItemsByKeywordsResponse parse(byte[] body) {
    try {
      return FindItemsByKeywordsResponse.parseFrom(body);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aCountThatDisagreesWithTheItemsIsReported() {
    String xml = xml().replace("count=\"5\"", "count=\"6\"");
    assertTrue(refused("xml", utf8(xml)).contains("count=6 but carries 5 items"));
    String json =
        new String(BackendFormats.get("json").encode(FIVE), StandardCharsets.UTF_8)
            .replace("\"count\":5", "\"count\":4");
    assertTrue(refused("json", utf8(json)).contains("count=4 but carries 5 items"));
    FindItemsByKeywordsResponse p =
        FindItemsByKeywordsResponse.newBuilder()
            .setAck("Success")
            .setSearchResult(SearchResult.newBuilder().setCount(2).addItem(item(1.0)))
            .build();
    assertTrue(refused("protobuf", p.toByteArray()).contains("count=2 but carries 1 items"));
  }

  @Test
  void valuesOfTheWrongTypeAreRefusedWithTheValue() {
    String first = xml();
    int at = first.indexOf("<currentPrice currencyId=\"");
    int close = first.indexOf('>', at) + 1;
    int end = first.indexOf('<', close);
    assertTrue(
        refused("xml", utf8(first.substring(0, close) + "INF" + first.substring(end)))
            .contains("'INF'"));
    assertTrue(
        refused("xml", utf8(first.replaceFirst("<gift>false</gift>", "<gift>yes</gift>")))
            .contains("'yes'"));
    assertTrue(
        refused(
                "xml",
                utf8(
                    first.replaceFirst(
                        "<handlingTime>\\d+</handlingTime>", "<handlingTime>١٢</handlingTime>")))
            .contains("xs:int"));
    String json = new String(BackendFormats.get("json").encode(FIVE), StandardCharsets.UTF_8);
    assertTrue(
        refused("json", utf8(json.replaceFirst("\"gift\":false", "\"gift\":\"no\"")))
            .contains("'gift' as a string"));
    assertTrue(
        refused("json", utf8(json.replaceFirst("\"title\":\"", "\"title\":7,\"x\":\"")))
            .contains("'title' as a number"));
    assertTrue(refused("json", utf8(json + "{}")).contains("goes on after"));
    FindItemsByKeywordsResponse nan =
        FindItemsByKeywordsResponse.newBuilder()
            .setAck("Success")
            .setSearchResult(SearchResult.newBuilder().setCount(1).addItem(item(Double.NaN)))
            .build();
    assertTrue(refused("protobuf", nan.toByteArray()).contains("price nan"));
  }

  private static SearchItem item(double price) {
    return SearchItem.newBuilder()
        .setItemId("1")
        .setSellingStatus(
            SellingStatus.newBuilder()
                .setCurrentPrice(Amount.newBuilder().setCurrencyId("USD").setValue(price)))
        .build();
  }
}
