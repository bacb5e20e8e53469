package org.wirebench.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.formats.raster.TileCacheRenderer;
import org.wirebench.server.http.ContentCoding;

/**
 * A JVM of ours killed with -9 leaves nothing in its java.io.tmpdir: brotli4j's loader once left a
 * folder {@code com_aayushatharva_brotli4j_<nanotime>} holding a 1 MB copy of its library for every
 * such JVM that had loaded brotli (its copy was only deleted on a normal exit). Each child gets a
 * temp folder of its own, so what it leaves is its own.
 */
class KilledJvmTempFilesTest {
  @TempDir Path tmp;

  /** Codes and decodes a body in every coding, says so, then waits to be killed. */
  public static final class Coder {
    public static void main(String[] args) throws Exception {
      byte[] body = "a body to code, and code again, and again".repeat(100).getBytes();
      for (ContentCoding c : ContentCoding.values()) {
        ByteArrayOutputStream coded = new ByteArrayOutputStream();
        try (OutputStream out = c.encoder(coded)) {
          out.write(body);
        }
        try (InputStream in = c.decoder(new ByteArrayInputStream(coded.toByteArray()))) {
          if (!java.util.Arrays.equals(body, in.readAllBytes())) {
            throw new AssertionError(c + " did not decode to the body");
          }
        }
      }
      System.out.println("ready");
      System.out.flush();
      Thread.sleep(TimeUnit.MINUTES.toMillis(5));
    }
  }

  @Test
  void aKilledJvmThatCodedEveryCodingLeavesNothing() throws Exception {
    Path own = Files.createDirectory(tmp.resolve("tmpdir"));
    Process p =
        new ProcessBuilder(
                java(), "-Djava.io.tmpdir=" + own, "-cp", classPath(), Coder.class.getName())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("ready", out.readLine(), "the child coded in every coding");
    } finally {
      kill(p);
    }
    assertEquals(List.of(), entries(own), "what the killed JVM left in its java.io.tmpdir");
  }

  @Test
  void aKilledServerLeavesNothingAndItsBrotliAnswersDecode() throws Exception {
    Path own = Files.createDirectory(tmp.resolve("tmpdir"));
    List<String> cmd =
        new ArrayList<>(
            ServerProcess.command(null, JvmProfile.byName("default"), List.of("--port", "0")));
    cmd.add(1, "-Djava.io.tmpdir=" + own);
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      URI uri = served(p);
      assertNotNull(uri, "the server never said where it serves");
      URI features =
          uri.resolve(
              "/ows?service=WFS&version=2.0.0&request=GetFeature&typeNames=osm_places&count=200"
                  + "&outputFormat=application/json");
      HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(60)).build();
      byte[] plain = get(client, features, null).body();
      for (ContentCoding c : ContentCoding.COMPRESSED) {
        HttpResponse<byte[]> coded = get(client, features, c.token());
        assertEquals(200, coded.statusCode());
        assertEquals(
            c.token(), coded.headers().firstValue("Content-Encoding").orElse("none"), "coding");
        try (InputStream in = c.decoder(new ByteArrayInputStream(coded.body()))) {
          assertArrayEquals(plain, in.readAllBytes(), c + " answer decodes to the plain one");
        }
      }
      // each SOAP stack, with a large body (a stack could spill one to a temporary file)
      byte[] envelope =
          org.wirebench.formats.soap.SoapEnvelopes.request(
              org.wirebench.formats.soap.EchoValues.generate(
                  org.wirebench.formats.soap.Operation.MESH_INTERFACE_OBJECTS, 5000));
      for (String stack : List.of("cxf-jaxb", "axis2-adb", "axis2-jaxb")) {
        HttpRequest post =
            HttpRequest.newBuilder(uri.resolve("/services/" + stack))
                .timeout(Duration.ofSeconds(90))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(envelope))
                .build();
        assertEquals(
            200, client.send(post, HttpResponse.BodyHandlers.discarding()).statusCode(), stack);
      }
    } finally {
      kill(p);
    }
    List<String> left = entries(own);
    // the tile cache's root is kept on purpose (reliability.md): the maps drawn, for the next
    // server
    left.remove(TileCacheRenderer.defaultRoot().getFileName().toString());
    assertEquals(List.of(), left, "what the killed server left in its java.io.tmpdir");
  }

  private static URI served(Process p) throws Exception {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    for (String line; (line = out.readLine()) != null; ) {
      int at = line.indexOf(ServerProcess.READY);
      if (at >= 0) {
        String rest = line.substring(at + ServerProcess.READY.length());
        Thread drain = new Thread(() -> out.lines().forEach(l -> {}), "server-stdout");
        drain.setDaemon(true);
        drain.start();
        return URI.create(rest.contains(" ") ? rest.substring(0, rest.indexOf(' ')) : rest);
      }
    }
    return null;
  }

  private static HttpResponse<byte[]> get(HttpClient client, URI uri, String coding)
      throws Exception {
    HttpRequest.Builder r = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(90));
    if (coding != null) {
      r.header("Accept-Encoding", coding);
    }
    return client.send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** SIGKILL: no shutdown hook and no delete-on-exit of the child runs. */
  private static void kill(Process p) throws InterruptedException {
    p.destroyForcibly();
    p.waitFor(60, TimeUnit.SECONDS);
  }

  private static List<String> entries(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return new ArrayList<>(s.map(f -> f.getFileName().toString()).sorted().toList());
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String classPath() {
    return System.getProperty("java.class.path");
  }
}
