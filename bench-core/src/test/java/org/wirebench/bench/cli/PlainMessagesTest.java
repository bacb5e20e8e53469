package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wirebench.bench.report.ThenAndNowTest;

/**
 * Input the CLI cannot use is refused in one line of the user's words with exit 2: never the text
 * of a Java exception (URISyntaxException, InvalidPathException, a NullPointerException's "Cannot
 * invoke ...", FileAlreadyExistsException), which these gave before.
 */
class PlainMessagesTest {
  private static final Path QUICK =
      ThenAndNowTest.runs()
          .getParent()
          .getParent()
          .getParent()
          .resolve("jmh-results/20261127-105909-vm-0341360-quick-jdk17");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  private Path copyOfRun() throws Exception {
    Path run = Files.createDirectory(tmp.resolve("run"));
    try (Stream<Path> files = Files.list(QUICK)) {
      for (Path f : files.toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    return run;
  }

  /** One line, exit 2, naming no Java class. */
  private String refused(String... args) {
    assertEquals(2, cli.run(args), cli::err);
    String err = cli.err().strip();
    assertEquals(1, err.lines().count(), err);
    assertFalse(err.matches(".*(java\\.|Exception|Cannot invoke|Cannot construct).*"), err);
    return err;
  }

  @Test
  void aUrlThatIsNoUrlIsSaidSo() {
    String err = refused("serve", "--public-url", "http://x/a b", "--port", "1");
    assertTrue(err.contains("'http://x/a b' is not a URL: illegal character in path"), err);
    err = refused("load", "--target", "http://h/%zz", "--duration", "1s");
    assertTrue(err.contains("'http://h/%zz' is not a URL: malformed escape pair"), err);
  }

  /** A NUL in a name is what InvalidPathException says on any system (a non-ASCII one: LANG=C). */
  @Test
  void aPathThatCannotBeNamedIsSaidSo() {
    String err = refused("report", "a\u0000b");
    assertTrue(err.contains("is no path this system can name"), err);
  }

  /** A record's own check reached only as a NullPointerException inside its constructor. */
  @Test
  void aCalibrationWithoutItsTimesNamesTheField() throws Exception {
    Path run = copyOfRun();
    ObjectMapper json = new ObjectMapper();
    ObjectNode env = (ObjectNode) json.readTree(run.resolve("env.json").toFile());
    ((ObjectNode) env.get("calibration")).remove("nsPerOp");
    json.writeValue(run.resolve("env.json").toFile(), env);
    String err = refused("report", run.toString(), "--out", tmp.resolve("out").toString());
    assertTrue(err.contains("env.json"), err);
    assertTrue(err.contains("at calibration: no nsPerOp"), err);
  }

  @Test
  void aReportThatIsALinkToNothingIsRefusedAsSuch() throws Exception {
    Path run = copyOfRun();
    Files.delete(run.resolve("report.md"));
    Files.createSymbolicLink(run.resolve("report.md"), tmp.resolve("gone.md"));
    String err = refused("report", run.toString());
    assertEquals(
        "wirebench report: " + run.resolve("report.md") + " is a link to nothing, not a file", err);
    assertFalse(Files.exists(tmp.resolve("gone.md")));
  }
}
