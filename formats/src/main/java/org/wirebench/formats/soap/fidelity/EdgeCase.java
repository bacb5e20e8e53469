package org.wirebench.formats.soap.fidelity;

import java.util.List;
import org.wirebench.formats.soap.Operation;

/**
 * One edge input for an echo: the items' lexical forms exactly as a client puts them on the wire,
 * and what a faithful stack does with them.
 *
 * @param items each item's text (XSD lexical form; "" for an empty element); a structure's item is
 *     its field texts in the WSDL's order joined by |
 * @param namespace the payload's namespace (the WSDL's, or a wrong one)
 * @param representable true: a faithful stack echoes the values; false: they cannot be represented
 *     (int overflow, an empty int, a wrong namespace), so a fault is the faithful answer
 */
public record EdgeCase(
    String name, Operation operation, List<String> items, String namespace, boolean representable) {

  static EdgeCase echo(String name, Operation op, String... items) {
    return new EdgeCase(name, op, List.of(items), Operation.NAMESPACE, true);
  }

  static EdgeCase refuse(String name, Operation op, String... items) {
    return new EdgeCase(name, op, List.of(items), Operation.NAMESPACE, false);
  }

  /** Every case, in table order. */
  public static List<EdgeCase> all() {
    String tenKb = "x".repeat(10 * 1024);
    return List.of(
        echo("int min", Operation.INTS, "-2147483648"),
        echo("int max", Operation.INTS, "2147483647"),
        echo("int with whitespace", Operation.INTS, " 7 "),
        refuse("int overflow 99999999999", Operation.INTS, "99999999999"),
        refuse("int overflow 4294967297", Operation.INTS, "4294967297"),
        refuse("empty int element", Operation.INTS, ""),
        echo("double NaN", Operation.DOUBLES, "NaN"),
        echo("double INF", Operation.DOUBLES, "INF"),
        echo("double -INF", Operation.DOUBLES, "-INF"),
        echo("double -0", Operation.DOUBLES, "-0"),
        echo("double subnormal 4.9E-324", Operation.DOUBLES, "4.9E-324"),
        echo("double max", Operation.DOUBLES, "1.7976931348623157E308"),
        echo("float max", Operation.FLOATS, "3.4028235E38"),
        echo("float NaN", Operation.FLOATS, "NaN"),
        echo("empty string", Operation.STRINGS, ""),
        echo("non-BMP text", Operation.STRINGS, "\uD83D\uDE00 U+1F600"),
        echo("]]> and markup", Operation.STRINGS, "]]> & <a/>"),
        echo("10 KB string", Operation.STRINGS, tenKb),
        echo("SimpleEvent with int min", Operation.SIMPLE_EVENTS, "-2147483648|1.5|m"),
        echo("SimpleEvent with NaN timestamp", Operation.SIMPLE_EVENTS, "1|NaN|m"),
        echo("Mesh object with int min", Operation.MESH_INTERFACE_OBJECTS, "-2147483648|0|1.5"),
        echo("Mesh object with NaN value", Operation.MESH_INTERFACE_OBJECTS, "0|0|NaN"),
        new EdgeCase(
            "ints in a wrong namespace", Operation.INTS, List.of("1", "2"), "urn:wrong", false));
  }

  /** A short form of the input for tables. */
  public String shortInput() {
    String joined = String.join(", ", items);
    return joined.length() > 24 ? joined.substring(0, 21) + "..." : joined;
  }
}
