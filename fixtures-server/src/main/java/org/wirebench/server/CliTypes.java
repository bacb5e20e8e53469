package org.wirebench.server;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * The command line's one vocabulary (docs/measuring.md, "The command line in detail"): a duration
 * is a number with its unit (500ms, 30s, 2m, 1h), a share is 0..1 or 0%..100%, concurrency is
 * {@code --users}, the java launcher is {@code --java}. The spellings these replaced still work for
 * one release, each printing one line that names the new one.
 */
public final class CliTypes {
  private CliTypes() {}

  /** A seed's values, in the help of every --seed (a long: what java.util.Random takes). */
  public static final String SEED_VALUES = "any whole number -2^63..2^63-1";

  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

  /** 500ms, 30s, 2m, 1h; a bare number is refused: its unit would be a guess. */
  public static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      return duration(value);
    }
  }

  /**
   * A duration such as 500ms, 30s, 2m or 1h, as typed: no space around it, as a number on the
   * command line takes none ({@link CliValues}), so one rule reads every value.
   */
  public static Duration duration(String value) {
    Matcher m = DURATION.matcher(value);
    if (!m.matches()) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration like 500ms, 30s, 2m or 1h");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
  }

  /**
   * A duration, or, as an option once took, a bare number of seconds: that still works for one
   * release and prints the new spelling.
   */
  public abstract static class DurationOrSeconds implements CommandLine.ITypeConverter<Duration> {
    private final String option;

    protected DurationOrSeconds(String option) {
      this.option = option;
    }

    @Override
    public Duration convert(String value) {
      String v = value;
      if (v.matches("\\d{1,9}")) {
        deprecated(option + " " + v + " (bare seconds)", option + " " + v + "s");
        return Duration.ofSeconds(Long.parseLong(v));
      }
      return duration(v);
    }
  }

  /**
   * An --out FILE whose default is standard output: '-' names standard output, as a Unix tool's
   * file argument does (null, as when --out is not given), never a file called '-'.
   */
  public static final class OutputOrStandardOutput
      implements CommandLine.ITypeConverter<java.nio.file.Path> {
    /** The option's help, in every command that takes such an --out. */
    public static final String DESCRIPTION =
        "file to write; without --out, or with --out -: standard output";

    @Override
    public java.nio.file.Path convert(String value) {
      return value.equals(CliValues.STANDARD_STREAM) ? null : CliValues.path(value);
    }
  }

  /** A share: 0..1 or 0%..100% (0.05 and 5% are the same). */
  public static final class ShareConverter implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      double d = Mains.share(value);
      if (Double.isNaN(d)) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not a share 0..1 or 0%..100%");
      }
      return d;
    }
  }

  /** 30s, 1500ms, 2m, 1h: the largest unit that keeps the value whole. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms % 3_600_000 == 0 && ms > 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms % 60_000 == 0 && ms > 0) {
      return ms / 60_000 + "m";
    }
    return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
  }

  /**
   * One line on standard error for an old spelling that still works this release: {@code old} as
   * given and what to write instead.
   */
  public static void deprecated(String old, String now) {
    System.err.println(
        "wirebench: " + old + " is deprecated and goes in a later release; write " + now);
  }

  /**
   * The value given under the new name or the old one (whose use is then reported); null when
   * neither was given.
   *
   * @throws IllegalArgumentException when both were given
   */
  public static <T> T either(String now, T value, String old, T oldValue, String oldAsNew) {
    if (oldValue == null) {
      return value;
    }
    if (value != null) {
      throw new IllegalArgumentException(
          "give " + now + " or its old spelling " + old + ", not both");
    }
    deprecated(old, oldAsNew);
    return oldValue;
  }
}
