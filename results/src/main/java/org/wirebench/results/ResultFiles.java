package org.wirebench.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What every file kind of a results folder shares: one JSON configuration, and the rule that a file
 * is read only by a reader that knows its format version.
 */
final class ResultFiles {
  /**
   * Unknown fields fail: within a known format version, a field we do not know means the file is
   * not what its version says (a renamed field must never read as zero).
   */
  static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ResultFiles() {}

  /** The file as a tree, after its format version has been checked against {@code newest}. */
  static JsonNode readVersioned(Path file, int newest) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new UnreadableRunException(file + " does not exist");
    }
    JsonNode node;
    try {
      node = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new UnreadableRunException(file + " is not JSON: " + firstLine(e.getMessage()), e);
    }
    if (node == null || !node.isObject()) {
      throw new UnreadableRunException(file + " is not a JSON object: not written by wirebench");
    }
    JsonNode version = node.get("formatVersion");
    if (version == null || version.isNull()) {
      throw new UnreadableRunException(file + " has no formatVersion: not written by wirebench");
    }
    // read as written: asInt() took "2" and 2.5 for 2, and 99999999999999 for 276447231
    if (!version.isIntegralNumber() || !version.canConvertToInt() || version.intValue() < 1) {
      throw new UnreadableRunException(
          file
              + " has formatVersion "
              + version
              + ", not a version number 1.."
              + newest
              + ": not written by wirebench");
    }
    checkVersion(file, version.intValue(), newest);
    return node;
  }

  static void checkVersion(Path file, int version, int newest) throws IOException {
    if (version < 1) {
      throw new UnreadableRunException(file + " has no formatVersion: not written by wirebench");
    }
    if (version > newest) {
      throw new UnreadableRunException(
          file
              + " has format version "
              + version
              + "; this wirebench reads versions 1.."
              + newest
              + ": update wirebench to read it");
    }
  }

  /** Binds a checked tree to its record; a field that does not fit names the file. */
  static <T> T bind(Path file, JsonNode node, Class<T> type) throws IOException {
    try {
      return JSON.treeToValue(node, type);
    } catch (IOException e) {
      throw new UnreadableRunException(
          file + " does not match its format: " + firstLine(e.getMessage()), e);
    }
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
