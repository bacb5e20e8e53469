package org.wirebench.formats.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Exactly RFC 9110's media-type: what its grammar takes is read, what it does not is refused. */
class MediaTypeTest {
  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "application/gml+xml; version=3.2",
        "application/gml+xml; version=\"3.2\"",
        "application/gml+xml;version=\"3.2\"",
        "Application/GML+XML ;\tVERSION=3.2",
        "application/gml+xml; version=\"3\\.2\"",
        "application/gml+xml;; version=3.2;",
        " application/gml+xml; version=3.2 ",
      })
  void everySpellingRfc9110AllowsIsOneMediaType(String text) {
    assertEquals("application/gml+xml;version=3.2", MediaType.parse(text).key(), text);
    assertTrue(MediaType.same(text, "application/gml+xml; version=3.2"), text);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "application/gml+xml; version=\"3.2",
        "application/gml+xml; version=3.2; VERSION=3.2",
        "application/gml+xml; version = 3.2",
        "application/gml+xml; version =3.2",
        "application/gml+xml; version= 3.2",
        "application/gml+xml; version",
        "application/gml+xml; version=",
        "application/gml+xml; version=3.2 x",
        "application/gml+xml; version=\"3.2\"x",
        "application/gml+xml; version=\"3.\u00012\"",
        "application/gml+xml; version=\"3.\\\u00012\"",
        "application/gml+xml; version=3.2\\",
        "application /gml+xml",
        "application/ gml+xml",
        "application",
        "application/",
        "/gml+xml",
        "text/xml, application/xml",
        "",
      })
  void whatRfc9110DoesNotAllowIsRefused(String text) {
    assertThrows(MediaType.Malformed.class, () -> MediaType.parse(text), text);
    assertTrue(!MediaType.same(text, "application/gml+xml; version=3.2"), text);
  }

  @org.junit.jupiter.api.Test
  void theOgcServicesUnquotedSlashIsReadByParseOwsAlone() {
    assertThrows(MediaType.Malformed.class, () -> MediaType.parse("text/xml; subtype=gml/3.2"));
    assertEquals(
        "text/xml;subtype=\"gml/3.2\"", MediaType.parseOws("text/xml; subtype=gml/3.2").key());
    assertEquals(
        MediaType.parse("text/xml; subtype=\"gml/3.2\"").key(),
        MediaType.parseOws("Text/XML;SubType=GML/3.2").key());
    assertTrue(MediaType.same("text/xml; subtype=\"gml/3.2\"", "text/xml; subtype=gml/3.2"));
  }

  @org.junit.jupiter.api.Test
  void quotedPairsStandForTheCharacterTheyEscape() {
    MediaType t = MediaType.parse("text/xml; a=\"x\\\"y\\\\z;\"; B=\"\"");
    assertEquals(
        List.of(new MediaType.Parameter("a", "x\"y\\z;"), new MediaType.Parameter("B", "")),
        t.parameters());
    assertEquals("", t.parameter("b").orElseThrow());
    assertEquals("text/xml;a=\"x\\\"y\\\\z;\";b=\"\"", t.key());
    assertEquals(t.key(), MediaType.parse(t.key()).key());
  }

  @org.junit.jupiter.api.Test
  void aRefusalSaysWhyAndWhere() {
    MediaType.Malformed e =
        assertThrows(
            MediaType.Malformed.class, () -> MediaType.parse("text/xml; charset=a; Charset=b"));
    assertEquals("parameter Charset is given twice", e.why());
    assertEquals("Charset", e.parameter());
    e = assertThrows(MediaType.Malformed.class, () -> MediaType.parse("text/xml; a=b c"));
    assertEquals("c", e.rest());
  }

  @org.junit.jupiter.api.Test
  void aListSplitsAtCommasOutsideQuotedValues() {
    assertEquals(
        List.of("text/xml", " application/gml+xml; subtype=\"gml/3.2, x\""),
        MediaType.list("text/xml, application/gml+xml; subtype=\"gml/3.2, x\""));
    assertEquals(
        List.of("text/xml; a=\"x\\\",y\"", "", "b/c"),
        MediaType.list("text/xml; a=\"x\\\",y\",,b/c"));
    assertEquals(List.of("a/b; p=\"open, c/d"), MediaType.list("a/b; p=\"open, c/d"));
    assertEquals(List.of("", ""), MediaType.list(","));
    assertEquals(
        "x, y",
        MediaType.parseOws(MediaType.list("text/xml; p=\"x, y\"").get(0)).parameter("p").get());
  }
}
