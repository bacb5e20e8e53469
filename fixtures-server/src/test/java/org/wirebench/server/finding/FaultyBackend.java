package org.wirebench.server.finding;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.wirebench.formats.finding.BackendFormats;
import org.wirebench.formats.finding.FindingGenerator;

/**
 * A backend that misbehaves on request, in its own Jetty: the gateway under test is pointed at
 * {@code http://127.0.0.1:PORT/{format}} and each test picks the fault.
 */
final class FaultyBackend implements AutoCloseable {
  enum Fault {
    NONE,
    SLOW,
    STATUS_500,
    TRUNCATED,
    NOT_XML,
    GARBAGE,
    DOCTYPE,
    HUGE,
    /** 9 bytes of protobuf: ack=Success and nothing else. */
    ACK_ONLY
  }

  final AtomicReference<Fault> fault = new AtomicReference<>(Fault.NONE);
  final AtomicReference<Request> lastRequest = new AtomicReference<>();
  final AtomicReference<byte[]> lastBody = new AtomicReference<>();
  private final AtomicReference<java.util.concurrent.CountDownLatch> slow =
      new AtomicReference<>(new java.util.concurrent.CountDownLatch(1));
  private final Server server = new Server();
  private final ServerConnector connector = new ServerConnector(server);

  FaultyBackend() throws Exception {
    connector.setHost("127.0.0.1");
    server.addConnector(connector);
    server.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback)
              throws Exception {
            byte[] body = Content.Source.asByteBuffer(request).array();
            lastRequest.set(request);
            lastBody.set(body);
            String format = request.getHttpURI().getPath().substring(1);
            byte[] good = BackendFormats.get(format).encode(FindingGenerator.response());
            switch (fault.get()) {
              case NONE -> send(response, callback, good);
              case SLOW -> {
                // held until the test lets go: past any timeout the gateway may have
                slow.get().await(60, java.util.concurrent.TimeUnit.SECONDS);
                send(response, callback, good);
              }
              case STATUS_500 -> {
                response.setStatus(500);
                send(response, callback, "backend broke".getBytes(StandardCharsets.UTF_8));
              }
              case TRUNCATED -> {
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, good.length);
                response.write(
                    false,
                    ByteBuffer.wrap(good, 0, good.length / 2),
                    Callback.from(
                        () -> callback.failed(new RuntimeException("cut")), callback::failed));
              }
              case NOT_XML ->
                  send(
                      response,
                      callback,
                      "<html><body>maintenance</body></html>".getBytes(StandardCharsets.UTF_8));
              case GARBAGE -> {
                byte[] junk = new byte[4096];
                new java.util.Random(1).nextBytes(junk);
                send(response, callback, junk);
              }
              case DOCTYPE ->
                  send(
                      response,
                      callback,
                      ("<?xml version='1.0'?><!DOCTYPE r [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
                              + new String(good, StandardCharsets.UTF_8).substring(38))
                          .getBytes(StandardCharsets.UTF_8));
              case ACK_ONLY ->
                  send(
                      response,
                      callback,
                      org.wirebench.formats.finding.proto.FindItemsByKeywordsResponse.newBuilder()
                          .setAck("Success")
                          .build()
                          .toByteArray());
              case HUGE -> {
                // 100 MB, chunked (no Content-Length), so the gateway must stop while reading
                byte[] chunk = new byte[1 << 20];
                Arrays.fill(chunk, (byte) 'x');
                for (int i = 0; i < 100; i++) {
                  Callback.Completable done = new Callback.Completable();
                  response.write(false, ByteBuffer.wrap(chunk), done);
                  done.get();
                }
                response.write(true, ByteBuffer.allocate(0), callback);
              }
            }
            return true;
          }
        });
    server.start();
  }

  private static void send(Response response, Callback callback, byte[] body) {
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  String template() {
    return "http://127.0.0.1:" + connector.getLocalPort() + "/{format}";
  }

  /** Lets the answers held by {@link Fault#SLOW} go; later ones are held again. */
  void releaseSlow() {
    slow.getAndSet(new java.util.concurrent.CountDownLatch(1)).countDown();
  }

  @Override
  public void close() throws Exception {
    releaseSlow();
    server.stop();
  }
}
