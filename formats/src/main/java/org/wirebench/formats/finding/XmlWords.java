package org.wirebench.formats.finding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * {@link Utf8XmlCursor}'s scans eight bytes at a time: a name compared as two or three words
 * instead of byte by byte, a run of plain text passed a word at a time. The profile of the
 * gateway's XML path had the byte-at-a-time loops (names, end tags, text) as its largest part.
 */
final class XmlWords {
  // little-endian: the lowest byte of a word is the first in the array
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private XmlWords() {}

  /** Whether {@code a[ai..ai+n)} and {@code b[bi..bi+n)} hold the same bytes; both in bounds. */
  static boolean equal(byte[] a, int ai, byte[] b, int bi, int n) {
    if (n < 8) {
      for (int i = 0; i < n; i++) {
        if (a[ai + i] != b[bi + i]) {
          return false;
        }
      }
      return true;
    }
    int i = 0;
    for (; i + 8 < n; i += 8) {
      if ((long) LONG.get(a, ai + i) != (long) LONG.get(b, bi + i)) {
        return false;
      }
    }
    // the last eight bytes, overlapping the words before if n is not a multiple of eight
    return (long) LONG.get(a, ai + n - 8) == (long) LONG.get(b, bi + n - 8);
  }

  /**
   * Past the plain text at {@code p} (ASCII printable characters other than {@code & < > " \}), a
   * word at a time: the first other byte's index, or where fewer than eight bytes are left. The
   * caller looks at the bytes from there one by one and decides, so a byte wrongly reported here
   * would cost time, not correctness; none is (see {@link #special}).
   */
  static int skipPlain(byte[] b, int p, int end) {
    for (; p + 8 <= end; p += 8) {
      long m = special((long) LONG.get(b, p));
      if (m != 0) {
        return p + (Long.numberOfTrailingZeros(m) >>> 3);
      }
    }
    return p;
  }

  /**
   * The high bit of each byte of {@code w} below 0x20, at or above 0x80, or one of {@code & < > "
   * \}: every such byte is flagged, and the lowest flag is such a byte (a borrow, which can flag a
   * byte above, starts only at a byte below 0x20 or a zero of an XOR, itself flagged).
   */
  static long special(long w) {
    // below 0x20 or at or above 0x80: (w - 0x20 each) & ~w flags the first, w itself the second
    long outside = (w - 0x2020202020202020L) | w;
    // pairs one bit apart share a test: '"' 0x22 and '&' 0x26, '<' 0x3C and '>' 0x3E
    return (outside
            | zero((w ^ 0x2222222222222222L) & 0xFBFBFBFBFBFBFBFBL)
            | zero((w ^ 0x3C3C3C3C3C3C3C3CL) & 0xFDFDFDFDFDFDFDFDL)
            | zero(w ^ 0x5C5C5C5C5C5C5C5CL))
        & HIGHS;
  }

  private static long zero(long w) {
    return (w - ONES) & ~w;
  }
}
