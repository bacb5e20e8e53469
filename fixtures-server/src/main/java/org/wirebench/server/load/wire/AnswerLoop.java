package org.wirebench.server.load.wire;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpHeader;
import org.wirebench.formats.geo.Feature;
import org.wirebench.formats.geo.codec.GeoCodec;
import org.wirebench.results.ErrorKind;

/**
 * One client asking for one cell's answer again and again on one kept-alive connection, as a GIS
 * client reads a layer: the time to its last byte, then the time our codec's decoder takes to read
 * it back into features (the coding undone first, in the same stream), each answer's own.
 */
final class AnswerLoop implements AutoCloseable {
  /**
   * One answer.
   *
   * @param firstByteNs from sending to the status line
   * @param receiveNs from sending to the last byte
   * @param decodeNs undoing the coding and decoding the features, after the last byte
   * @param codedBytes the body as it came (coded)
   * @param bodyBytes the body decoded
   * @param features what the decoder read back, for the first answer's full check
   */
  record Answer(
      long firstByteNs,
      long receiveNs,
      long decodeNs,
      long codedBytes,
      long bodyBytes,
      byte[] body,
      List<Feature> features) {}

  /**
   * An answer that is not the cell's: kind as the load driver counts it (status, validation ...).
   */
  static final class Wrong extends Exception {
    final ErrorKind kind;

    Wrong(ErrorKind kind, String message) {
      super(message);
      this.kind = kind;
    }
  }

  private final HttpClient client;
  private final URI uri;
  private final WirePlan.Cell cell;
  private final GeoCodec codec;
  private Duration timeout = Duration.ofSeconds(60);

  AnswerLoop(URI base, WirePlan.Cell cell) throws Exception {
    this.uri = base.resolve(cell.query());
    this.cell = cell;
    this.codec = cell.codec();
    this.client = new HttpClient(new HttpClientTransportOverHTTP(1));
    client.setMaxConnectionsPerDestination(1);
    client.setFollowRedirects(false);
    client.setUserAgentField(null);
    client.start();
    // the body as it came: this loop undoes the coding itself, inside the timed decode
    client.getContentDecoderFactories().clear();
  }

  URI uri() {
    return uri;
  }

  /** Per answer; the default 60 s suits the quick cells, slow links need more. */
  AnswerLoop timeout(Duration t) {
    this.timeout = t;
    return this;
  }

  /** Sends the request, receives the whole answer, decodes it; each step timed. */
  Answer once() throws Wrong, InterruptedException {
    CompletableFuture<Result> done = new CompletableFuture<>();
    ByteArrayOutputStream body = new ByteArrayOutputStream(64 * 1024);
    long[] firstByte = {0};
    var request = client.newRequest(uri).timeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
    String accept = cell.encoding().acceptEncoding();
    if (accept != null) {
      request.headers(h -> h.put(HttpHeader.ACCEPT_ENCODING, accept));
    }
    long sent = System.nanoTime();
    request.send(
        new Response.Listener() {
          @Override
          public void onBegin(Response response) {
            firstByte[0] = System.nanoTime();
          }

          @Override
          public void onContent(Response response, ByteBuffer content) {
            byte[] chunk = new byte[content.remaining()];
            content.get(chunk);
            body.write(chunk, 0, chunk.length);
          }

          @Override
          public void onComplete(Result result) {
            done.complete(result);
          }
        });
    Result result;
    try {
      result = done.get(timeout.toMillis() + 5_000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new Wrong(
          ErrorKind.TIMEOUT, "no answer within " + timeout.toMillis() + " ms from " + uri);
    }
    long received = System.nanoTime();
    if (result.isFailed()) {
      Throwable f = result.getFailure();
      throw new Wrong(
          f instanceof TimeoutException ? ErrorKind.TIMEOUT : ErrorKind.CONNECT,
          "request to " + uri + " failed: " + f);
    }
    Response response = result.getResponse();
    if (response.getStatus() != 200) {
      throw new Wrong(ErrorKind.STATUS, "status " + response.getStatus() + " from " + uri);
    }
    String type = response.getHeaders().get(HttpHeader.CONTENT_TYPE);
    if (type == null || !type.startsWith(codec.mediaType().split(";")[0])) {
      throw new Wrong(ErrorKind.VALIDATION, "content type " + type + ", not " + codec.mediaType());
    }
    String coding = response.getHeaders().get(HttpHeader.CONTENT_ENCODING);
    if (!cell.encoding().matches(coding)) {
      throw new Wrong(
          ErrorKind.VALIDATION,
          "asked for "
              + cell.encoding().token
              + ", the answer came in "
              + (coding == null ? "identity" : coding));
    }
    byte[] coded = body.toByteArray();
    long decodeStart = System.nanoTime();
    Counting counted;
    List<Feature> features;
    try {
      counted = new Counting(cell.encoding().decoding(new ByteArrayInputStream(coded)));
      features = codec.decode(cell.dataset().featureType(), counted);
    } catch (IOException | RuntimeException e) {
      throw new Wrong(
          ErrorKind.VALIDATION, codec.name() + " answer does not decode: " + e.getMessage());
    }
    long decoded = System.nanoTime();
    try {
      counted.transferTo(OutputStream.nullOutputStream()); // what the decoder left, if anything
    } catch (IOException e) {
      throw new Wrong(
          ErrorKind.VALIDATION, "the " + cell.encoding().token + " body ends badly: " + e);
    }
    if (features.size() != cell.count()) {
      throw new Wrong(
          ErrorKind.VALIDATION,
          codec.name() + " answer holds " + features.size() + " features, not " + cell.count());
    }
    return new Answer(
        firstByte[0] == 0 ? received - sent : firstByte[0] - sent,
        received - sent,
        decoded - decodeStart,
        coded.length,
        counted.count,
        coded,
        features);
  }

  /**
   * Decodes {@code coded} repeatedly so that the decoder is compiled before it is timed: at least 3
   * times, then until {@code budget} has passed or 200 decodes.
   */
  void warmDecoder(byte[] coded, Duration budget) throws IOException {
    long end = System.nanoTime() + budget.toNanos();
    for (int i = 0; i < 200 && (i < 3 || System.nanoTime() < end); i++) {
      codec.decode(
          cell.dataset().featureType(), cell.encoding().decoding(new ByteArrayInputStream(coded)));
    }
  }

  @Override
  public void close() throws Exception {
    client.stop();
  }

  /**
   * Counts the decoded bytes the decoder pulled, and stays open when the decoder closes it (Jackson
   * does), so that what it left can still be read and checked.
   */
  private static final class Counting extends FilterInputStream {
    long count;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public void close() {
      // the loop reads to the end itself: a gzip body must end where its trailer says
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }
}
