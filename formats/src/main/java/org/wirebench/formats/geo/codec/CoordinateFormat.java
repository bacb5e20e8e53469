package org.wirebench.formats.geo.codec;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * How our encoders and the floor print an ordinate: rounded half away from zero to {@link
 * #DECIMALS} places (about 1 cm, OpenStreetMap's own resolution), trailing zeros dropped. Fixed
 * point on a {@code long}, so the text is the same on every JDK, unlike {@link Double#toString}.
 */
public final class CoordinateFormat {
  public static final int DECIMALS = 7;

  /** Longest text {@link #format} writes (-1e11..1e11 and the slow path's limit). */
  public static final int MAX_CHARS = 24;

  private static final long SCALE = 10_000_000L;
  private static final double LIMIT = 1e11;

  private CoordinateFormat() {}

  /**
   * Writes {@code value} as ASCII into {@code buf} at {@code pos}.
   *
   * @return the position after the last char written
   * @throws IllegalArgumentException for NaN and infinities, which no format here can carry
   */
  public static int format(double value, byte[] buf, int pos) {
    if (!(Math.abs(value) < LIMIT)) {
      return formatSlow(value, buf, pos);
    }
    long scaled = Math.round(Math.abs(value) * SCALE);
    if (scaled == 0) {
      buf[pos] = '0';
      return pos + 1;
    }
    if (value < 0) {
      buf[pos++] = '-';
    }
    long whole = scaled / SCALE;
    // the fraction has at most 7 digits: int arithmetic, which the JIT turns into multiplies
    int fraction = (int) (scaled - whole * SCALE);
    pos =
        whole < Integer.MAX_VALUE
            ? writeDigits((int) whole, buf, pos)
            : writeDigits(whole, buf, pos);
    if (fraction != 0) {
      int digits = DECIMALS;
      while (fraction % 10 == 0) {
        fraction /= 10;
        digits--;
      }
      buf[pos++] = '.';
      int end = pos + digits;
      for (int i = end - 1; i >= pos; i--) {
        int next = fraction / 10;
        buf[i] = (byte) ('0' + fraction - next * 10);
        fraction = next;
      }
      pos = end;
    }
    return pos;
  }

  /** The text {@link #format} writes, as a string. */
  public static String toString(double value) {
    byte[] buf = new byte[MAX_CHARS];
    return new String(buf, 0, format(value, buf, 0), java.nio.charset.StandardCharsets.US_ASCII);
  }

  private static int writeDigits(int value, byte[] buf, int pos) {
    int length = 1;
    for (int v = value; v >= 10; v /= 10) {
      length++;
    }
    for (int i = pos + length - 1; i >= pos; i--) {
      int next = value / 10;
      buf[i] = (byte) ('0' + value - next * 10);
      value = next;
    }
    return pos + length;
  }

  /** Writes a non-negative {@code value} in decimal: a whole part beyond int range. */
  private static int writeDigits(long value, byte[] buf, int pos) {
    int length = 1;
    for (long v = value; v >= 10; v /= 10) {
      length++;
    }
    for (int i = pos + length - 1; i >= pos; i--) {
      buf[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    return pos + length;
  }

  private static int formatSlow(double value, byte[] buf, int pos) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("ordinate " + value + " cannot be written");
    }
    String text =
        new BigDecimal(value)
            .setScale(DECIMALS, RoundingMode.HALF_UP)
            .stripTrailingZeros()
            .toPlainString();
    if (pos + text.length() > buf.length) {
      throw new IllegalArgumentException("ordinate " + value + " is out of range");
    }
    for (int i = 0; i < text.length(); i++) {
      buf[pos + i] = (byte) text.charAt(i);
    }
    return pos + text.length();
  }
}
