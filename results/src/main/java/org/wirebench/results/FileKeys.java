package org.wirebench.results;

import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The enum constant a file's name stands for; a name no constant has is refused, never guessed. */
final class FileKeys {
  private FileKeys() {}

  /**
   * @param what the kind of name, for the message, e.g. "error kind"
   */
  static <E extends Enum<E>> E of(E[] values, Function<E, String> key, String what, String name) {
    for (E e : values) {
      if (key.apply(e).equals(name)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "unknown "
            + what
            + " '"
            + name
            + "' (known: "
            + Arrays.stream(values).map(key).collect(Collectors.joining(", "))
            + ")");
  }
}
