package org.wirebench.bench;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * A reusable, unsynchronized in-memory OutputStream: what an encoder writes into is kept (as a
 * server's response buffer would be), and reset between invocations without reallocating.
 */
public final class ByteSink extends OutputStream {
  private byte[] bytes;
  private int size;

  public ByteSink(int initialCapacity) {
    bytes = new byte[Math.max(16, initialCapacity)];
  }

  @Override
  public void write(int b) {
    ensure(1);
    bytes[size++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, bytes, size, len);
    size += len;
  }

  public void reset() {
    size = 0;
  }

  public int size() {
    return size;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  private void ensure(int extra) {
    if (size + extra > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + extra));
    }
  }
}
