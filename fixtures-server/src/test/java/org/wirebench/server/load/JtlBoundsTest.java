package org.wirebench.server.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.results.JmeterResult;

/**
 * What a JTL or a plan holds is bounded when it is read, so no sum or product made of it can wrap
 * round into a plausible wrong figure (bytes summed past 2^63 once gave a mean of 1.0, threads ×
 * engines once gave "4 users", stamps 0 and 2^63-1 a point of 10 ms), and a file that is no JTL is
 * refused by its line, not by what reading it broke.
 */
class JtlBoundsTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  @TempDir Path tmp;

  /** A sample line as JMeter writes it, with these stamp, bytes and thread count. */
  private static String line(long stamp, long bytes, long threads) {
    return stamp
        + ",10,a/4,200,OK,t 1-1,text,true,,"
        + bytes
        + ",100,"
        + threads
        + ","
        + threads
        + ",http://x/,5,0,1";
  }

  private int files;

  /** A new JTL file of these sample lines. */
  private Path jtl(String... lines) throws IOException {
    return Files.writeString(
        tmp.resolve("r" + ++files + ".csv"), HEADER + "\n" + String.join("\n", lines) + "\n");
  }

  private IOException refused(Path file, int engines) {
    return assertThrows(
        IOException.class, () -> JtlSummary.read(file, "wfs", 0, 0, true, engines), file::toString);
  }

  /**
   * A number is ASCII digits, as JMeter writes it: Long.parseLong also read "+10", an Arabic-Indic
   * or a fullwidth digit as the number.
   */
  @Test
  void numbersOtherThanAsciiDigitsAreRefusedWithTheirLine() throws Exception {
    long t = 1_700_000_000_000L;
    String good = line(t + 1000, 1000, 4);
    for (String elapsed : new String[] {"+10", "1\u0660", "1\uff10", " 10"}) {
      String bad = line(t, 1000, 4).replaceFirst(",10,", "," + elapsed + ",");
      IOException e = refused(jtl(bad, good), 4);
      assertTrue(
          e.getMessage().contains("line 2: elapsed '" + elapsed + "' is not a whole number"),
          e.getMessage());
    }
  }

  @Test
  void valuesWhoseSumsOrProductsWouldWrapAreRefusedWithTheirLine() throws Exception {
    long t = 1_700_000_000_000L;
    Map<String, Path> cases =
        Map.of(
            "line 2: bytes 4611686018427387905 is above 68719476736",
            jtl(
                line(t, 4611686018427387905L, 4),
                line(t + 1, 4611686018427387905L, 4),
                line(t + 2, 4611686018427387905L, 4),
                line(t + 3, 4611686018427387905L, 4)),
            "line 2: grpThreads 1073741825 is above 10000",
            jtl(line(t, 1000, 1073741825), line(t + 1000, 1000, 1073741825)),
            "line 2: timeStamp 0 is below 946684800000",
            jtl(line(0, 1000, 4), line(Long.MAX_VALUE, 1000, 4)),
            "line 3: timeStamp 9223372036854775807 is above 4102444800000",
            jtl(line(t, 1000, 4), line(Long.MAX_VALUE, 1000, 4)),
            // a thread group's sample is taken by one of its threads: 0 is no count JMeter writes
            "line 2: grpThreads 0 is below 1",
            jtl(line(t, 1000, 0), line(t + 1000, 1000, 0)));
    for (Map.Entry<String, Path> c : cases.entrySet()) {
      IOException e = refused(c.getValue(), 4);
      assertTrue(e.getMessage().startsWith(c.getValue() + " " + c.getKey()), e.getMessage());
    }
  }

  @Test
  void theBoundsThemselvesAreRead() throws Exception {
    long t = 1_700_000_000_000L;
    Path file = jtl(line(t, JtlSummary.MAX_BYTES, 10_000), line(t + 1000, 0, 1));
    JmeterResult.Point p = JtlSummary.read(file, "wfs", 0, 0, true, 64).points().get(0);
    assertEquals(640_000, p.users());
    assertEquals(JtlSummary.MAX_BYTES / 2.0, p.meanResponseBytes());
    assertEquals(1010, p.durationMs());
  }

  /** A file of NULs is one endless line: refused at the bound, never read into memory whole. */
  @Test
  void aLineLongerThanTheBoundIsRefusedNotBuffered() throws Exception {
    Path file = tmp.resolve("nul.csv");
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write((HEADER + "\n").getBytes(StandardCharsets.UTF_8));
      out.write(new byte[JtlLines.MAX_LINE_BYTES + 10]);
    }
    IOException e = refused(file, 1);
    assertEquals(
        file + " line 2: longer than 1048576 bytes: not a line of a JMeter JTL", e.getMessage());
  }

  @Test
  void aByteThatIsNotUtf8IsRefusedWithItsLine() throws Exception {
    Path file = tmp.resolve("latin1.csv");
    Files.write(
        file,
        (HEADER + "\n" + line(1_700_000_000_000L, 1, 1) + "\n" + "1700000000001,10,caf\u00e9")
            .getBytes(StandardCharsets.ISO_8859_1));
    IOException e = refused(file, 1);
    assertEquals(file + " line 3: not UTF-8 (JMeter writes its JTL in UTF-8)", e.getMessage());
  }

  @Test
  void aFolderIsRefusedAsNotAFile() throws Exception {
    Path folder = Files.createDirectory(tmp.resolve("x.csv"));
    assertEquals(folder + " is a folder, not a file", refused(folder, 1).getMessage());
  }

  /** Spreadsheet tools save CSV with a byte order mark: the header is read without it. */
  @Test
  void aByteOrderMarkBeforeTheHeaderIsSkipped() throws Exception {
    Path file =
        Files.writeString(
            tmp.resolve("bom.csv"), "\uFEFF" + HEADER + "\n" + line(1_700_000_000_000L, 5, 2));
    assertEquals(1, JtlSummary.read(file, "wfs", 0, 0, true, 1).points().size());
  }

  /** A plan's engine count is read as a long and used as an int: past 64 it is refused. */
  @Test
  void aPlansEngineCountAboveTheRangeIsRefusedNotWrapped() throws Exception {
    Path jmx = tmp.resolve("p.jmx");
    Files.writeString(
        jmx,
        "<jmeterTestPlan>"
            + argument(JmeterPlan.WARMUP_MS, "0")
            + argument(JmeterPlan.WARMUP_REQUESTS, "0")
            + argument(JmeterPlan.ENGINES, "4294967297")
            + "</jmeterTestPlan>");
    IOException e = assertThrows(IOException.class, () -> JmeterPlanVariables.read(jmx));
    assertEquals(
        jmx + ": wirebench.engines 4294967297 is above 64, the most split", e.getMessage());
  }

  /** A plan's numbers are ASCII digits: Long.parseLong read "\u0664" as 4 engines. */
  @Test
  void aPlansNumberInOtherDigitsIsRefused() throws Exception {
    for (String four : new String[] {"\u0664", "\uff14", "+4"}) {
      Path jmx = tmp.resolve("d" + ++files + ".jmx");
      Files.writeString(
          jmx,
          "<jmeterTestPlan>"
              + argument(JmeterPlan.WARMUP_MS, "0")
              + argument(JmeterPlan.WARMUP_REQUESTS, "0")
              + argument(JmeterPlan.ENGINES, four)
              + "</jmeterTestPlan>",
          StandardCharsets.UTF_8);
      IOException e = assertThrows(IOException.class, () -> JmeterPlanVariables.read(jmx), four);
      assertTrue(e.getMessage().startsWith(jmx + ": "), e.getMessage());
    }
  }

  /** A file that is not XML at all: the parser's message, its location included, on one line. */
  @Test
  void aPlanThatIsNotXmlIsRefusedInOneLine() throws Exception {
    Path passwd = Files.writeString(tmp.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    IOException e = assertThrows(IOException.class, () -> JmeterPlanVariables.read(passwd));
    assertTrue(e.getMessage().startsWith(passwd + ": not a plan of wirebench's: "), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().contains("[1,1]"), "the location is kept: " + e.getMessage());
  }

  private static String argument(String name, String value) {
    return "<elementProp name=\""
        + name
        + "\" elementType=\"Argument\"><stringProp name=\"Argument.value\">"
        + value
        + "</stringProp></elementProp>";
  }
}
