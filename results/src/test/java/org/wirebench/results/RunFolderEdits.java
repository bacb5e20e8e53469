package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A copy of a committed quick run with the wire and JMeter files of committed runs beside it (every
 * file kind a run folder holds), edited value by value, and read as compare and the reports read
 * it: a refusal must be one line naming the file and what in it was refused.
 */
final class RunFolderEdits {
  private static final Path ROOT = Samples.runs().getParent().getParent().getParent();
  private static final Path QUICK =
      ROOT.resolve("jmh-results/20261127-105909-vm-0341360-quick-jdk17");

  /** A plain mapper to edit the files with: the edits are what the strict one must refuse. */
  private static final ObjectMapper EDIT = new ObjectMapper();

  private final Path run;

  private RunFolderEdits(Path run) {
    this.run = run;
  }

  /** The copy, in a new folder {@code run} under {@code dir}; it reads as it is. */
  static RunFolderEdits copy(Path dir) throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    try (Stream<Path> files = Files.list(QUICK)) {
      for (Path f : files.toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    Files.copy(
        ROOT.resolve("jmh-results/20261126-080514-vm-31c1a66-wire200-jdk17/load-wire.json"),
        run.resolve("load-wire.json"));
    Files.copy(Samples.runs().resolve("jmeter-v1/jmeter-wfs.json"), run.resolve("jmeter-wfs.json"));
    RunFolderEdits edits = new RunFolderEdits(run);
    edits.readAll();
    return edits;
  }

  /** The file of this kind, as a tree to edit. */
  JsonNode tree(String kind) throws IOException {
    return EDIT.readTree(run.resolve(kind).toFile());
  }

  void write(String kind, JsonNode root) throws IOException {
    EDIT.writeValue(run.resolve(kind).toFile(), root);
  }

  /**
   * Sets the value at each of the JSON pointers (separated by ";") of one file to {@code value}, a
   * JSON text.
   */
  void set(String kind, String pointers, String value) throws IOException {
    JsonNode root = tree(kind);
    for (String at : pointers.split(";")) {
      int slash = at.lastIndexOf('/');
      JsonNode parent = root.at(at.substring(0, slash));
      String field = at.substring(slash + 1);
      assertFalse(parent.isMissingNode(), at);
      if (parent instanceof ArrayNode a) {
        a.set(Integer.parseInt(field), EDIT.readTree(value));
      } else {
        ((ObjectNode) parent).set(field, EDIT.readTree(value));
      }
    }
    write(kind, root);
  }

  /** Reads every file of the folder as compare and the reports do. */
  void readAll() throws IOException {
    RunRecord.read(run).jmeter();
  }

  /**
   * Reading the file of this kind refuses it in one line that says {@code says}, alone (so no check
   * of another file against it answers first) and with its folder.
   */
  void assertRefused(String kind, String says) {
    Path file = run.resolve(kind);
    for (boolean alone : new boolean[] {true, false}) {
      UnreadableRunException e =
          assertThrows(
              UnreadableRunException.class,
              () -> {
                if (alone) {
                  readAlone(file);
                } else {
                  readAll();
                }
              },
              (alone ? "alone: " : "in its folder: ") + kind);
      String m = e.getMessage();
      assertTrue(m.startsWith(file.toString()), m);
      assertTrue(m.contains(says), m);
      assertEquals(1, m.lines().count(), m);
    }
  }

  /** Reads one file by its own class, as the folder's reading does before its cross-checks. */
  private static void readAlone(Path file) throws IOException {
    String n = file.getFileName().toString();
    if (n.equals(RunEnvironment.FILE)) {
      RunEnvironment.read(file);
    } else if (n.equals(PairedRuns.FILE)) {
      PairedRuns.read(file);
    } else if (n.equals(JmhResult.FILE)) {
      JmhResult.readAll(file);
    } else if (n.startsWith("load-")) {
      ScenarioResult.read(file);
    } else if (n.startsWith(JmeterResult.PREFIX)) {
      JmeterResult.read(file);
    } else {
      FidelityTable.read(file);
    }
  }
}
