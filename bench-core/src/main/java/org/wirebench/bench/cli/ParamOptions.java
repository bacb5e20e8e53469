package org.wirebench.bench.cli;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;

/**
 * {@code -p NAME=V1,V2}, as suite and profile take it. A map option kept the last of two {@code -p}
 * of one name without a word, and a value given twice in one list would be measured twice: both are
 * refused, as {@code --load wfs,wfs} is.
 */
final class ParamOptions {
  private ParamOptions() {}

  /** Each -p's name to its values, in the order given; refused (exit 2) when one is malformed. */
  static Map<String, String[]> parse(CommandLine cli, List<String> given) {
    Map<String, String[]> out = new LinkedHashMap<>();
    for (String p : given) {
      int eq = p.indexOf('=');
      if (eq <= 0) {
        throw new CommandLine.ParameterException(cli, "-p '" + p + "' is not NAME=V1,V2");
      }
      String name = p.substring(0, eq);
      String[] values = p.substring(eq + 1).split(",", -1);
      if (out.containsKey(name)) {
        throw new CommandLine.ParameterException(
            cli,
            "-p "
                + name
                + " given twice ("
                + name
                + "="
                + String.join(",", out.get(name))
                + " and "
                + p
                + "): give its values once, as -p "
                + name
                + "=V1,V2");
      }
      Set<String> once = new HashSet<>();
      for (String v : values) {
        if (!once.add(v)) {
          throw new CommandLine.ParameterException(
              cli, "-p " + p + " names " + (v.isEmpty() ? "''" : v) + " twice");
        }
      }
      out.put(name, values);
    }
    return out;
  }
}
