package org.wirebench.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/** A request whose body was read already: one last chunk, then the end. */
final class BufferedRequest extends Request.Wrapper {
  private Content.Chunk body;

  BufferedRequest(Request request, ByteBuffer bytes) {
    super(request);
    this.body = Content.Chunk.from(bytes, true);
  }

  @Override
  public synchronized Content.Chunk read() {
    Content.Chunk next = body;
    body = Content.Chunk.EOF;
    return next;
  }

  @Override
  public void demand(Runnable demandCallback) {
    demandCallback.run();
  }

  @Override
  public boolean consumeAvailable() {
    read();
    return true;
  }
}
