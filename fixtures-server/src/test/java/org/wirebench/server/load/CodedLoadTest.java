package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wirebench.results.ErrorKind;
import org.wirebench.results.LoadResult;
import org.wirebench.server.FixtureServer;
import org.wirebench.server.http.ContentCoding;

/**
 * The driver asks for each content coding, decodes every answer to check and size it, and records
 * the bytes on the wire beside the decoded size; an answer in another coding is an error, never a
 * success at the wrong size.
 */
class CodedLoadTest {
  private static final String FEATURES =
      "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm:osm_places&count=50"
          + "&outputFormat=application/json";

  private static FixtureServer server;
  private static FixtureServer plain;
  private static byte[] identity;

  @BeforeAll
  static void start() throws Exception {
    server = new FixtureServer(FixtureServer.Settings.defaults().stopTimeoutMs(1000)).start();
    plain =
        new FixtureServer(
                FixtureServer.Settings.defaults()
                    .stopTimeoutMs(1000)
                    .maxBodyBytes(1 << 20)
                    .compression(false))
            .start();
    // the JDK's client sends no Accept-Encoding: the body as the encoder wrote it
    identity =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(server.uri().resolve(FEATURES)).build(),
                HttpResponse.BodyHandlers.ofByteArray())
            .body();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    plain.close();
  }

  private static LoadPlan plan(URI base, ContentCoding coding) {
    return new LoadPlan(base.resolve(FEATURES))
        .users(2)
        // counted, not timed: a 700 ms window on a starved machine once held no answer at all
        // (mean size 0); a count gives every test its answers however slow the machine is
        .counted(4, 10)
        // a bound for a starved machine, not a speed limit: every answer must be a success
        .timeout(Duration.ofSeconds(30))
        .encoding(coding);
  }

  @ParameterizedTest
  @EnumSource(ContentCoding.class)
  void everyAnswerDecodesToTheIdentityBody(ContentCoding coding) throws Exception {
    LoadDriver driver =
        new LoadDriver(
            plan(server.uri(), coding)
                .validate(
                    1, body -> Arrays.equals(identity, body) ? null : "not the identity body"));
    LoadResult r = driver.run(null);
    assertEquals(0, r.errorCount() + r.warmupErrorCount(), () -> driver.firstProblems() + "");
    assertTrue(r.requests() > 0);
    assertEquals(coding.token(), r.encoding());
    assertEquals(identity.length, r.meanResponseBytes(), 0.001);
    if (coding == ContentCoding.IDENTITY) {
      assertEquals(identity.length, r.meanWireBytes(), 0.001);
    } else {
      assertTrue(
          r.meanWireBytes() * 3 < identity.length,
          r.meanWireBytes() + " bytes on the wire of " + identity.length);
    }
  }

  @Test
  void unvalidatedAnswersAreStillDecodedToBeSized() throws Exception {
    LoadResult r = new LoadDriver(plan(server.uri(), ContentCoding.ZSTD)).run(null);
    assertEquals(0, r.errorCount());
    assertEquals(identity.length, r.meanResponseBytes(), 0.001);
    assertTrue(r.meanWireBytes() < identity.length / 3.0);
  }

  @Test
  void anAnswerInAnotherCodingIsAValidationError() throws Exception {
    // a server with compression off answers identity to Accept-Encoding: br
    LoadDriver driver = new LoadDriver(plan(plain.uri(), ContentCoding.BR));
    LoadResult r = driver.run(null);
    assertEquals(0, r.requests());
    assertTrue(r.errors().get(ErrorKind.VALIDATION) > 0, r.errors()::toString);
    assertEquals(
        "asked for Accept-Encoding: br, the answer came with no Content-Encoding",
        driver.firstProblems().get(ErrorKind.VALIDATION));
  }

  @Test
  void theProbeDecodesAndSizesAsTheDriverDoes() throws Exception {
    for (ContentCoding c : ContentCoding.values()) {
      ResponseProbe probe =
          ResponseProbe.of(
              "p",
              plan(server.uri(), c),
              body -> Arrays.equals(identity, body) ? null : "not the identity body");
      assertEquals(List.of((long) identity.length), probe.lengths(), c::token);
    }
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.io.IOException.class,
            () -> ResponseProbe.of("p", plan(plain.uri(), ContentCoding.GZIP), null));
    assertTrue(e.getMessage().contains("no Content-Encoding"), e.getMessage());
  }

  @Test
  void aBodyDecodingPastTheLimitIsRefusedNotHeld() throws Exception {
    java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
    try (java.io.OutputStream z = ContentCoding.ZSTD.encoder(wire)) {
      z.write(new byte[100_000]);
    }
    byte[] bomb = wire.toByteArray();
    assertEquals(100_000, CodedBodies.decodedLength(ContentCoding.ZSTD, bomb));
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.io.IOException.class,
            () -> CodedBodies.decodedLength(ContentCoding.ZSTD, bomb, 10_000));
    assertTrue(e.getMessage().contains("decodes to more than 10000 bytes"), e.getMessage());
  }

  @Test
  void aBodyThatDoesNotDecodeIsNamed() {
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.io.IOException.class,
            () -> CodedBodies.decode(ContentCoding.GZIP, "not gzip".getBytes()));
    assertTrue(e.getMessage().startsWith("the gzip body does not decode"), e.getMessage());
  }
}
