package org.wirebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A run's file that is no JSON, or JSON that does not fit its format, is refused in words a reader
 * of the file can act on: what is wrong and where, never Jackson's advice to the programmer (which
 * JsonReadFeature to enable, "Feature 'ALLOW_COMMENTS' not enabled for parser") nor the Java names
 * around the value (the record's class, "not marked as ignorable", JsonToken,
 * StreamReadConstraints' getters, java.lang).
 */
class JacksonWordsTest {
  /** Any Java or Jackson name in a message: a backticked Feature, a class, a token, a getter. */
  private static final Pattern JAVA_WORDS =
      Pattern.compile(
          "Feature|JsonToken|StreamReadConstraints|org\\.wirebench|java\\.lang|ignorable"
              + "|not enabled|to allow");

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "'\"cores\" : 2'|'\"cores\" : NaN'|Non-standard token 'NaN'",
        "'\"cores\" : 2'|'\"cores\" : -Infinity'|Non-standard token '-Infinity'",
        "'\"cores\" : 2'|'\"cores\" : +2'|JSON spec does not allow numbers to have plus signs",
        "'\"cores\" : 2,'|'\"cores\" : 2, // a comment'|maybe a (non-standard) comment?",
        "'\"cores\" : 2,'|'\"cores\" : 2,\u001e'|only regular white space",
        "'\"cores\" : 2'|'\"cores\" : 2, \"extra\" : 1'|at extra: unknown field \"extra\"",
        "'\"cores\" : 2'|'\"cores\" : [2]'|at cores: Cannot deserialize value of type `int`",
        "'\"host\" : \"vm\"'|'\"host\" : {}'|at host: Cannot deserialize value of type `String`",
        "'\"cores\" : 2'|'\"cores\" : [[[[[[[[[[]]]]]]]]]]'|at cores: Cannot deserialize",
      })
  void aFileThatDoesNotFitIsRefusedWithoutJacksonsWords(
      String from, String to, String says, @TempDir Path run) throws IOException {
    Path cal = Samples.runs().resolve("calibration-v4/cal1");
    Files.copy(cal.resolve("pairs.json"), run.resolve("pairs.json"));
    String env = Files.readString(cal.resolve("env.json"));
    assertTrue(env.contains(from), from);
    Files.writeString(run.resolve("env.json"), env.replace(from, to));
    UnreadableRunException x =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run));
    String m = x.getMessage();
    assertTrue(m.startsWith(run.resolve("env.json").toString()), m);
    assertTrue(m.contains(says), m);
    assertFalse(JAVA_WORDS.matcher(m).find(), m);
    assertEquals(1, m.lines().count(), m);
  }

  /** Past Jackson's limits (nesting, a number's digits): the limit, without the getter's name. */
  @ParameterizedTest
  @CsvSource({"nesting,1001", "digits,1001"})
  void aFilePastTheReadersLimitsSaysTheLimit(String what, int n, @TempDir Path run)
      throws IOException {
    Path cal = Samples.runs().resolve("calibration-v4/cal1");
    Files.copy(cal.resolve("pairs.json"), run.resolve("pairs.json"));
    String value = what.equals("nesting") ? "[".repeat(n) + "]".repeat(n) : "1" + "0".repeat(n);
    Files.writeString(
        run.resolve("env.json"),
        Files.readString(cal.resolve("env.json")).replace("\"cores\" : 2", "\"cores\" : " + value));
    UnreadableRunException x =
        assertThrows(UnreadableRunException.class, () -> RunRecord.read(run));
    String m = x.getMessage();
    assertTrue(m.contains("exceeds the maximum allowed (1000)"), m);
    assertFalse(JAVA_WORDS.matcher(m).find(), m);
  }
}
