package org.wirebench.results;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What every file kind of a results folder shares: one JSON configuration, and the rule that a file
 * is read only by a reader that knows its format version.
 */
final class ResultFiles {
  /**
   * The one configuration every file of a results folder is read and written with ({@link
   * StrictJson}), indented.
   */
  static final ObjectMapper JSON = StrictJson.indented();

  private ResultFiles() {}

  /** The file as a tree, after its format version has been checked against {@code newest}. */
  static JsonNode readVersioned(Path file, int newest) throws IOException {
    JsonNode node = tree(file);
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

  /**
   * A run's file as a JSON tree, read as {@link OwnFiles} reads a run's files (its own regular
   * file, no link, bounded in size).
   */
  static JsonNode tree(Path file) throws IOException {
    byte[] bytes = OwnFiles.read(file);
    if (bytes == null) {
      throw new UnreadableRunException(file + " does not exist");
    }
    try {
      return JSON.readTree(bytes);
    } catch (IOException e) {
      throw new UnreadableRunException(file + " is not JSON: " + problem(e), e);
    }
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
   * Jackson's words to the programmer in its messages: its advice, e.g. "(set
   * DeserializationConfig.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES to 'false' to allow)",
   * "; `DeserializationFeature.FAIL_ON_TRAILING_TOKENS` enabled", "': enable
   * `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow" (NaN, a leading +), "(not recognized as
   * one since Feature 'ALLOW_COMMENTS' not enabled for parser)", "(consider enabling
   * `JsonReadFeature.ALLOW_RS_CONTROL_CHAR` ...)", and the Java names around a value, e.g. "(class
   * org.wirebench.results.RunEnvironment), not marked as ignorable", "(token
   * `JsonToken.START_ARRAY`)", "from `StreamReadConstraints.getMaxNestingDepth()`", "java.lang.":
   * nothing a reader of the file can act on.
   */
  private static final Pattern ADVICE =
      Pattern.compile(
          " ?\\((?:set|enable|disable|but could|but might) [^)]*\\)"
              + "|;? ?(?:as )?`(?:Deserialization|Mapper)Feature\\.\\w+` (?:enabled|disabled)"
              + "|:? ?enable `\\w+\\.\\w+` to allow"
              + "| ?\\(not recognized as one since Feature '\\w+' not enabled for parser\\)"
              + "| ?\\(consider enabling `\\w+\\.\\w+` [^()]*(?:\\([^()]*\\)[^()]*)*\\)"
              + "| \\(class [\\w.$]+\\)|, not marked as ignorable.*"
              + "| \\(token `JsonToken\\.\\w+`\\)"
              + "|, from `StreamReadConstraints\\.\\w+\\(\\)`"
              + "|(?<=`)java\\.lang\\.");

  /** Jackson's words for a value it will not convert, as a reader of the file says them. */
  private static String plain(String what) {
    if (what.startsWith("Trailing token")) {
      return "content after the JSON value";
    }
    return what.replaceFirst(
            "^Cannot map `null` into type `(\\w+)`", "missing or null, where the format has a $1")
        // as scripts/lib/run_files.py words it
        .replaceFirst("^Unrecognized field (\"[^\"]*\")$", "unknown field $1");
  }

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
        plain(
            ADVICE
                .matcher(
                    firstLine(
                        SOURCE.matcher(j.getOriginalMessage()).replaceAll("line $1, column $2")))
                .replaceAll(""));
    if (e instanceof com.fasterxml.jackson.databind.exc.ValueInstantiationException v
        && v.getCause() != null) {
      // "Cannot construct instance of `org.wirebench...`, problem: ...": a record refused the
      // values; its own reason when it gave one, never a Java exception's text
      what =
          v.getCause() instanceof IllegalArgumentException && v.getCause().getMessage() != null
              ? firstLine(v.getCause().getMessage())
              : "a field it needs is missing or null";
    }
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
      if (path.length() > 0) {
        return "at " + path + ": " + what;
      }
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
