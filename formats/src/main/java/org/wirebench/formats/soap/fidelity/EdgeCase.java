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
        refuse("int overflow 2147483648", Operation.INTS, "2147483648"),
        refuse("int underflow -2147483649", Operation.INTS, "-2147483649"),
        refuse("int NaN", Operation.INTS, "NaN"),
        refuse("int INF", Operation.INTS, "INF"),
        refuse("int 1.5", Operation.INTS, "1.5"),
        refuse("int 1e3", Operation.INTS, "1e3"),
        refuse("int 0x10", Operation.INTS, "0x10"),
        refuse("int abc", Operation.INTS, "abc"),
        echo("int +7", Operation.INTS, "+7"),
        echo("double NaN", Operation.DOUBLES, "NaN"),
        echo("double INF", Operation.DOUBLES, "INF"),
        echo("double -INF", Operation.DOUBLES, "-INF"),
        echo("double -0", Operation.DOUBLES, "-0"),
        echo("double subnormal 4.9E-324", Operation.DOUBLES, "4.9E-324"),
        echo("double max", Operation.DOUBLES, "1.7976931348623157E308"),
        echo("double with whitespace", Operation.DOUBLES, " 1.5 "),
        refuse("double overflow 1e309", Operation.DOUBLES, "1e309"),
        refuse("double underflow 1e-400", Operation.DOUBLES, "1e-400"),
        refuse("double Infinity (Java's word)", Operation.DOUBLES, "Infinity"),
        refuse("double 0x1p3 (Java's hex)", Operation.DOUBLES, "0x1p3"),
        refuse("double 1d (Java's suffix)", Operation.DOUBLES, "1d"),
        refuse("double abc", Operation.DOUBLES, "abc"),
        refuse("empty double element", Operation.DOUBLES, ""),
        echo("float max", Operation.FLOATS, "3.4028235E38"),
        echo("float NaN", Operation.FLOATS, "NaN"),
        echo("float INF", Operation.FLOATS, "INF"),
        echo("float -INF", Operation.FLOATS, "-INF"),
        echo("float -0", Operation.FLOATS, "-0"),
        echo("float subnormal 1.4E-45", Operation.FLOATS, "1.4E-45"),
        refuse("float overflow 1e39", Operation.FLOATS, "1e39"),
        refuse("float overflow -1e39", Operation.FLOATS, "-1e39"),
        refuse("float underflow 1e-50", Operation.FLOATS, "1e-50"),
        refuse("float abc", Operation.FLOATS, "abc"),
        echo("empty string", Operation.STRINGS, ""),
        echo("string with spaces", Operation.STRINGS, "  a  b  "),
        echo("non-BMP text", Operation.STRINGS, "\uD83D\uDE00 U+1F600"),
        echo("]]> and markup", Operation.STRINGS, "]]> & <a/>"),
        echo("10 KB string", Operation.STRINGS, tenKb),
        echo("SimpleEvent with int min", Operation.SIMPLE_EVENTS, "-2147483648|1.5|m"),
        echo("SimpleEvent with NaN timestamp", Operation.SIMPLE_EVENTS, "1|NaN|m"),
        refuse("SimpleEvent with int overflow", Operation.SIMPLE_EVENTS, "2147483648|1.5|m"),
        refuse("SimpleEvent with timestamp abc", Operation.SIMPLE_EVENTS, "1|abc|m"),
        echo("Mesh object with int min", Operation.MESH_INTERFACE_OBJECTS, "-2147483648|0|1.5"),
        refuse("Mesh object with x NaN", Operation.MESH_INTERFACE_OBJECTS, "NaN|0|1.5"),
        refuse("Mesh object with value overflow", Operation.MESH_INTERFACE_OBJECTS, "0|0|1e309"),
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
