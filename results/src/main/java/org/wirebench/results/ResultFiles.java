package org.wirebench.results;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

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
      throw new UnreadableRunException(file + " is not JSON: " + problem(e), e);
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
      throw new UnreadableRunException(file + " does not match its format: " + problem(e), e);
    }
  }

  /**
   * Jackson's "[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line:
   * 39, column: 25]" inside its messages: the file is named by whoever reports the problem.
   */
  private static final Pattern SOURCE =
      Pattern.compile("\\[Source: .*?; line: (\\d+), column: (\\d+)\\]");

  /**
   * A reading error in one line: what is wrong, where (line and column in the file, and for a field
   * that does not fit its record, the field's path, e.g. groups[0].forks[0].seed), without
   * Jackson's source description, reference chain or the rest of its message.
   */
  static String problem(IOException e) {
    if (!(e instanceof JacksonException j)) {
      return firstLine(e.getMessage());
    }
    String what =
        firstLine(SOURCE.matcher(j.getOriginalMessage()).replaceAll("line $1, column $2"));
    if (e instanceof JsonMappingException m) {
      // a tree bound to a record has no place in the file (its location is the tree's): the field
      // path says where
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference r : m.getPath()) {
        if (r.getFieldName() != null) {
          path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
        } else if (r.getIndex() >= 0) {
          path.append('[').append(r.getIndex()).append(']');
        }
      }
      return path.length() == 0 ? what : "at " + path + ": " + what;
    }
    JsonLocation at = j.getLocation();
    return at == null || at.getLineNr() < 1
        ? what
        : "at line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + what;
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
