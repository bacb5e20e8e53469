package org.wirebench.bench.report;

import java.util.List;

/**
 * A report as data, built once from a run by its sections and drawn by two thin renderers ({@link
 * MarkdownRenderer}, {@link HtmlRenderer}): what one says, the other says.
 *
 * @param title the run's id
 */
public record Report(String title, List<Block> blocks) {

  /** How a piece of text is to be read; each renderer shows it its own way. */
  public enum Style {
    PLAIN,
    /** what the run did not measure */
    MISSING,
    HOLDS,
    DOES_NOT_HOLD,
    INCONCLUSIVE
  }

  /** One element of a report, in reading order. */
  public sealed interface Block permits Heading, Text, Bullets, Links, Table, Bars, Lines {}

  /**
   * @param level 1 for a study, 2 for a part of it
   */
  public record Heading(int level, String text) implements Block {}

  public record Text(String text, Style style) implements Block {
    public static Text plain(String text) {
      return new Text(text, Style.PLAIN);
    }

    public static Text missing(String text) {
      return new Text(text, Style.MISSING);
    }
  }

  public record Bullets(List<String> items) implements Block {}

  /** A list of links to files in the run folder, e.g. flame graphs. */
  public record Links(List<Link> links) implements Block {}

  /** {@code href}: a path relative to the report, "/"-separated. */
  public record Link(String label, String href) {}

  /**
   * @param labels how many leading columns are labels (left-aligned); the rest are figures
   */
  public record Table(List<String> header, List<List<Cell>> rows, int labels) implements Block {
    /** The first column labels the row, the others are figures. */
    public Table(List<String> header, List<List<Cell>> rows) {
      this(header, rows, 1);
    }
  }

  public record Cell(String text, Style style) {
    public static Cell of(String text) {
      return new Cell(text, Style.PLAIN);
    }

    public static Cell missing() {
      return new Cell("missing", Style.MISSING);
    }
  }

  /**
   * A bar chart (HTML only: Markdown has the same figures in a table).
   *
   * @param flagNote what a flagged (hollow) bar means, for the chart's legend
   */
  public record Bars(String title, String unit, List<Svg.Bar> bars, String flagNote)
      implements Block {}

  /**
   * A line chart (HTML only: Markdown has the same figures in a table).
   *
   * @param logLog both axes on a log scale; otherwise linear, y from 0
   * @param flagNote what a flagged (hollow) point means, for the chart's legend
   */
  public record Lines(
      String title,
      String xLabel,
      String yLabel,
      boolean logLog,
      List<Svg.Series> series,
      String flagNote)
      implements Block {}
}
