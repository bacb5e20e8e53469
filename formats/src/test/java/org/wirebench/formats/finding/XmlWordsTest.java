package org.wirebench.formats.finding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time scans give what the byte-at-a-time loops they replace give. */
class XmlWordsTest {
  /** The first byte at or after {@code p} that is not plain text, byte by byte. */
  private static int naive(byte[] b, int p, int end) {
    while (p < end && XmlBytes.PLAIN[b[p] & 0xFF]) {
      p++;
    }
    return p;
  }

  /** skipPlain stops at the first special byte, or where fewer than eight bytes are left. */
  private static void check(byte[] b, String what) {
    for (int p = 0; p <= b.length; p++) {
      int expected = naive(b, p, b.length);
      int tail = b.length - (b.length - p) % 8;
      assertEquals(Math.min(expected, tail), XmlWords.skipPlain(b, p, b.length), what + " @" + p);
    }
  }

  @Test
  void everyByteValueAtEveryPlaceOfAWordIsFoundWhereItIs() {
    for (int v = 0; v < 256; v++) {
      for (int i = 0; i < 16; i++) {
        byte[] b = "abcdefghijklmnopqrstuvwx".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        b[i] = (byte) v;
        check(b, "byte " + v + " at " + i);
        // after another special byte, whose borrow could flag the bytes above it
        for (int before : new int[] {0x00, 0x1F, 0x26, 0x3C, 0x3E, 0x80, 0xFF}) {
          if (i > 0) {
            byte[] c = b.clone();
            c[i - 1] = (byte) before;
            check(c, "byte " + v + " at " + i + " after " + before);
          }
        }
      }
    }
  }

  @Test
  void randomTextIsScannedAsByteByByte() {
    Random r = new Random(27);
    byte[] alphabet = {'a', ' ', '&', '<', '>', '\n', '\t', 0, 0x1F, 0x20, 0x7F, (byte) 0x80, -1};
    for (int n = 0; n < 20_000; n++) {
      byte[] b = new byte[r.nextInt(40)];
      for (int i = 0; i < b.length; i++) {
        b[i] = r.nextInt(4) == 0 ? alphabet[r.nextInt(alphabet.length)] : (byte) r.nextInt(256);
      }
      check(b, Arrays.toString(b));
    }
  }

  @Test
  void equalIsArraysEqualsForEveryLengthAndEveryDifference() {
    byte[] a = new byte[48];
    new Random(1).nextBytes(a);
    for (int n = 0; n <= 40; n++) {
      for (int offset = 0; offset < 8; offset++) {
        byte[] b = new byte[n + 16];
        System.arraycopy(a, 3, b, offset, n);
        assertEquals(true, XmlWords.equal(a, 3, b, offset, n), n + " at " + offset);
        for (int i = 0; i < n; i++) {
          byte[] c = b.clone();
          c[offset + i] ^= (byte) (1 << (i % 8));
          boolean expected = Arrays.equals(a, 3, 3 + n, c, offset, offset + n);
          assertEquals(expected, XmlWords.equal(a, 3, c, offset, n), n + " differing at " + i);
        }
      }
    }
  }
}
