package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * jmeter-import copies only RUN's own files into the new run: a link in RUN (to a folder or file
 * outside it, to a device, to RUN itself) and a FIFO are refused before any work, exit 2 in one
 * line, never followed (a copy of /dev/zero filled the disk, a FIFO blocked the copy for ever, a
 * link to a folder outside pulled its files into the results).
 */
class JmeterImportLinksTest {
  private static final Path DRIVER =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261124-105251-vm-c977865-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private Path jtl() throws Exception {
    List<String> lines =
        new ArrayList<>(
            List.of(
                "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
                    + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,"
                    + "Connect"));
    for (int i = 0; i < 100; i++) {
      lines.add(
          (1_700_000_000_000L + i * 50L)
              + ",1,osm_mainroads/gml32/4,200,OK,t 1-1,text,true,,1000,100,4,4,http://h/x,1,0,0");
    }
    return Files.write(tmp.resolve("wfs.csv"), lines);
  }

  /** A fresh driver-only folder holding load-wfs.json and what {@code extra} adds. */
  private Path run(String name) throws Exception {
    Path run = Files.createDirectories(tmp.resolve(name));
    Files.copy(DRIVER.resolve("load-wfs.json"), run.resolve("load-wfs.json"));
    return run;
  }

  private void assertRefused(Path run, String entry) throws Exception {
    Path out = tmp.resolve("new-" + run.getFileName());
    int code =
        cli.run(
            "jmeter-import",
            "--jtl",
            jtl().toString(),
            "--scenario",
            "wfs",
            "--warmup",
            "0s",
            "--run",
            run.toString(),
            "--out",
            out.toString());
    assertEquals(2, code, run + ": " + cli.err());
    assertTrue(cli.err().contains(entry + " is "), cli::err);
    assertEquals(1, cli.err().strip().lines().count(), cli::err);
    assertFalse(Files.exists(out), "nothing made");
    try (Stream<Path> left = Files.list(tmp)) {
      assertFalse(
          left.anyMatch(p -> p.getFileName().toString().startsWith("tmp-")), "no tmp- folder");
    }
  }

  @Test
  void aLinkOrFifoInTheRunIsRefusedNotFollowed() throws Exception {
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Files.writeString(outside.resolve("keep.html"), "not the run's\n");

    Path r1 = run("folder-link");
    Files.createSymbolicLink(r1.resolve("profile"), outside);
    assertRefused(r1, "profile");

    Path r2 = run("file-link");
    Files.createSymbolicLink(r2.resolve("extra.hlog"), outside.resolve("keep.html"));
    assertRefused(r2, "extra.hlog");

    Path r3 = run("device-link");
    Files.createSymbolicLink(r3.resolve("zero.hlog"), Path.of("/dev/zero"));
    assertRefused(r3, "zero.hlog");

    Path r4 = run("loop");
    Files.createSymbolicLink(r4.resolve("profile"), Path.of("."));
    assertRefused(r4, "profile");

    Path r5 = run("deep");
    Files.createDirectories(r5.resolve("profile/cpu"));
    Files.createSymbolicLink(r5.resolve("profile/cpu/flame.html"), outside.resolve("keep.html"));
    assertRefused(r5, Path.of("profile/cpu/flame.html").toString());
  }

  /**
   * RUN's files are copied as every command reads a run's file (OwnFiles): one larger than any file
   * a run writes is refused, exit 2 in one line, nothing made. Files.copy copied it whatever its
   * size (a sparse file of terabytes filled the disk).
   */
  @Test
  void aFileLargerThanARunWritesIsRefusedNotCopied() throws Exception {
    Path r = run("big");
    try (java.io.RandomAccessFile f =
        new java.io.RandomAccessFile(r.resolve("extra.hlog").toFile(), "rw")) {
      f.setLength(org.wirebench.results.OwnFiles.MAX_BYTES + 1); // sparse: no disk taken
    }
    assertRefused(r, "extra.hlog");
  }

  /**
   * A file of RUN whose name is not UTF-8 is copied under its own name: it went through a String,
   * which put U+FFFD for its byte, so the new run held a file RUN never had.
   */
  @Test
  void aNameThatIsNotUtf8IsCopiedUnderItsOwnBytes() throws Exception {
    Path run = run("latin1");
    Process sh =
        new ProcessBuilder("sh", "-c", "printf mine > \"$(printf 'notes-\\377.txt')\"")
            .directory(run.toFile())
            .redirectErrorStream(true)
            .start();
    Assumptions.assumeTrue(sh.waitFor() == 0, "sh and printf are available");
    Path odd;
    try (Stream<Path> files = Files.list(run)) {
      odd =
          files
              .filter(p -> p.getFileName().toString().startsWith("notes-"))
              .findFirst()
              .orElseThrow()
              .getFileName(); // the name's bytes, as listed
    }
    Path out = tmp.resolve("new-latin1");
    int code =
        cli.run(
            "jmeter-import",
            "--jtl",
            jtl().toString(),
            "--scenario",
            "wfs",
            "--warmup",
            "0s",
            "--run",
            run.toString(),
            "--out",
            out.toString());
    assertEquals(0, code, cli::err);
    assertEquals("mine", Files.readString(out.resolve(odd)), "copied under its own name");
    try (Stream<Path> files = Files.list(out)) {
      assertEquals(1, files.filter(p -> p.getFileName().toString().startsWith("notes-")).count());
    }
  }

  /** A guard only: the copy that opened the FIFO blocked for ever; the refusal takes no time. */
  @Test
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aFifoInTheRunIsRefusedWithoutOpeningIt() throws Exception {
    Path run = run("fifo");
    Process mkfifo =
        new ProcessBuilder("mkfifo", run.resolve("pipe.hlog").toString())
            .redirectErrorStream(true)
            .start();
    Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    assertRefused(run, "pipe.hlog");
  }
}
