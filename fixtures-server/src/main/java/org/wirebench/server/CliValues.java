package org.wirebench.server;

import java.util.regex.Pattern;
import org.wirebench.server.http.KvpNumbers;
import picocli.CommandLine;

/**
 * Every number given on the command line, read in plain decimal only (the syntax {@link
 * KvpNumbers#decimal} reads a request's numbers in): Java's parsers, picocli's defaults, also took
 * {@code 0x1p-4} (a hex float), {@code 5d} and {@code 1f} (type suffixes), {@code 0x10} and {@code
 * #10} (hex integers), NaN and Infinity, and so read a value the user did not write. Registered on
 * every command line ({@link Mains#configure}) for double, int and long options, with times
 * (Instant) held to the years 1970..9999, paths never empty, and paths and URLs that cannot be read
 * refused in the user's words, not Java's exception names.
 */
public final class CliValues {
  private CliValues() {}

  private static final Pattern WHOLE = Pattern.compile("-?[0-9]+");

  private static final java.time.Instant FIRST = java.time.Instant.parse("1970-01-01T00:00:00Z");
  private static final java.time.Instant PAST_LAST =
      java.time.Instant.parse("+10000-01-01T00:00:00Z");

  /** A finite decimal: -12, 3.5, .5, 1e-3; NumberFormatException for anything else. */
  public static double decimal(String text) {
    return KvpNumbers.decimal(text);
  }

  /** A whole number in decimal digits, optionally negative (a range check then refuses it). */
  public static long whole(String text) {
    if (text == null || !WHOLE.matcher(text).matches()) {
      throw new NumberFormatException("not a whole number");
    }
    return Long.parseLong(text); // NumberFormatException past a long
  }

  /** Registers the strict readers for number, time and path options on {@code cli}. */
  /**
   * What a Unix tool's file argument takes for its standard stream: {@link
   * CliTypes.OutputOrStandardOutput} reads it so, every other path refuses it.
   */
  public static final String STANDARD_STREAM = "-";

  /** A path as typed, never '' (the working directory: a value lost in a script read as "here"). */
  public static java.nio.file.Path path(String v) {
    if (v.isEmpty()) {
      throw new CommandLine.TypeConversionException("'' is an empty path: name a file or folder");
    }
    try {
      return java.nio.file.Path.of(v);
    } catch (java.nio.file.InvalidPathException e) {
      // e.g. a non-ASCII name under LANG=C: the JVM cannot map it to the system's bytes
      throw new CommandLine.TypeConversionException(
          "'"
              + v
              + "' is no path this system can name ("
              + e.getReason().toLowerCase(java.util.Locale.ROOT)
              + " in the file-name encoding "
              + System.getProperty("sun.jnu.encoding")
              + ": run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8)");
    }
  }

  static CommandLine register(CommandLine cli) {
    CommandLine.ITypeConverter<Double> d =
        v -> {
          try {
            return decimal(v);
          } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + v + "' is not a decimal number");
          }
        };
    CommandLine.ITypeConverter<Long> l =
        v -> {
          try {
            return whole(v);
          } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(
                "'" + v + "' is not a whole number (decimal digits)");
          }
        };
    CommandLine.ITypeConverter<Integer> i =
        v -> {
          long n = l.convert(v);
          if (n != (int) n) {
            throw new CommandLine.TypeConversionException(
                "'" + v + "' is out of range (at most " + Integer.MAX_VALUE + ")");
          }
          return (int) n;
        };
    CommandLine.ITypeConverter<java.time.Instant> t =
        v -> {
          java.time.Instant at;
          try {
            java.time.temporal.TemporalAccessor parsed =
                java.time.format.DateTimeFormatter.ISO_INSTANT.parse(v);
            // Instant.parse reads a leap second, 23:59:60, as 23:59:59: a time not given
            if (parsed.query(java.time.format.DateTimeFormatter.parsedLeapSecond())) {
              throw new CommandLine.TypeConversionException(
                  "'" + v + "' is a leap second (:60), which a time here cannot hold");
            }
            at = java.time.Instant.from(parsed);
          } catch (java.time.format.DateTimeParseException e) {
            throw new CommandLine.TypeConversionException(
                "'" + v + "' is not a UTC time like 2026-01-01T00:00:00Z");
          }
          // Instant.parse takes years from -1000000000 on: none a document or run can mean
          if (at.isBefore(FIRST) || !at.isBefore(PAST_LAST)) {
            throw new CommandLine.TypeConversionException(
                "'" + v + "' is not a time in the years 1970..9999");
          }
          return at;
        };
    CommandLine.ITypeConverter<java.nio.file.Path> path =
        v -> {
          if (v.equals(STANDARD_STREAM)) {
            throw new CommandLine.TypeConversionException(
                "'-' names no file or folder here (it would be one called '-'): '-' is standard"
                    + " output only for an --out written there when not given (encode, finding,"
                    + " wms-requests, compare, export); give a path, ./- for one called '-'");
          }
          return path(v);
        };
    // picocli's own reading says "(java.net.URISyntaxException: ...)"
    CommandLine.ITypeConverter<java.net.URI> uri =
        v -> {
          try {
            return new java.net.URI(v);
          } catch (java.net.URISyntaxException e) {
            throw new CommandLine.TypeConversionException(
                "'"
                    + v
                    + "' is not a URL: "
                    + e.getReason().toLowerCase(java.util.Locale.ROOT)
                    + (e.getIndex() >= 0 ? " at character " + (e.getIndex() + 1) : ""));
          }
        };
    return cli.registerConverter(java.nio.file.Path.class, path)
        .registerConverter(java.net.URI.class, uri)
        .registerConverter(java.time.Instant.class, t)
        .registerConverter(Double.class, d)
        .registerConverter(Double.TYPE, d)
        .registerConverter(Long.class, l)
        .registerConverter(Long.TYPE, l)
        .registerConverter(Integer.class, i)
        .registerConverter(Integer.TYPE, i);
  }
}
