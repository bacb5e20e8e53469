package org.wirebench.bench.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.wirebench.bench.report.ReportTitle;
import org.wirebench.results.NewFiles;
import org.wirebench.results.OwnFiles;
import org.wirebench.results.RunFiles;
import org.wirebench.results.UnreadableRunException;

/**
 * A run's id, the one rule every report of a run folder is titled by: the name its folder got when
 * the run wrote it (the suite's {@code <UTC time>-<host>-<commit>-<suite>-jdk<N>}, jmeter-import's
 * NEW), which the run's own report records as its title (report.md's heading, report.html's h1). A
 * copy of the folder under another name holds the same run, so its report, in place or elsewhere
 * (--out), is titled as the run, and the command says that the folder's name differs. Only a folder
 * with no report of its own is known by its folder's name. env.json cannot say it: a folder renamed
 * when the run was made (gml3-encoders, jmeter-one-engine) is titled by that name, not by the
 * fields the suite's name is made of.
 *
 * <p>What a report says of its title is checked, not taken: report.md and report.html must name one
 * id, and an id must be a name a folder can have (not empty, no path, at most 255 bytes, not an
 * incomplete run's {@code tmp-}), read back as the report wrote it ({@link ReportTitle}: any
 * character a folder's name may hold, escaped or not, comes back as it was). A report of another
 * shape (not this wirebench's heading) names no id.
 *
 * @param id the run's id
 * @param folderName the name of the folder it was read from
 */
record RunId(String id, String folderName) {
  /** Whether the folder's name is not the run's id: a copy under another name. */
  boolean renamed() {
    return !id.equals(folderName);
  }

  /**
   * What a command that reports the run adds to its line when the folder was renamed: nothing
   * otherwise.
   */
  String asRun() {
    return renamed()
        ? " (as run "
            + id
            + ", the id its report names: the folder's name "
            + folderName
            + " is not part of the report)"
        : "";
  }

  /**
   * The id of the run in {@code run}.
   *
   * @throws UnreadableRunException when its reports name two ids, or one no folder could have
   */
  static RunId of(Path run) throws IOException {
    String name = run.toAbsolutePath().normalize().getFileName().toString();
    Path md = run.resolve(RunFiles.REPORT_MD);
    Path html = run.resolve(RunFiles.REPORT_HTML);
    // read as every file of a run is (OwnFiles): its own, never through a link, bounded
    byte[] mdBytes = OwnFiles.read(md);
    byte[] htmlBytes = OwnFiles.read(html);
    String fromMd = mdBytes != null ? mdTitle(md, mdBytes) : null;
    String fromHtml = htmlBytes != null ? htmlTitle(html, htmlBytes) : null;
    if (fromMd != null && fromHtml != null && !fromMd.equals(fromHtml)) {
      throw new UnreadableRunException(
          run
              + ": report.md is titled as run "
              + fromMd
              + ", report.html as run "
              + fromHtml
              + ": its reports were edited or mixed, and name no one run");
    }
    String id = fromMd != null ? fromMd : fromHtml;
    if (id == null) {
      return new RunId(name, name);
    }
    String not = notAnId(id);
    if (not != null) {
      throw new UnreadableRunException(
          (fromMd != null ? md : html)
              + ": its title '"
              + id.substring(0, Math.min(id.length(), 80))
              + "' is no run id ("
              + not
              + "): the report was edited");
    }
    return new RunId(id, name);
  }

  /** Why {@code id} is no name a run's folder could have had, or null. */
  private static String notAnId(String id) {
    if (id.isEmpty() || id.equals(".") || id.equals("..")) {
      return "no folder's name";
    }
    if (id.indexOf('/') >= 0 || id.indexOf('\0') >= 0) {
      return "a path, not a folder's name";
    }
    if (id.getBytes(StandardCharsets.UTF_8).length > 255) {
      return "longer than a folder's name may be";
    }
    if (id.startsWith(NewFiles.PREFIX)) {
      return "an incomplete run's name, which no report is titled with";
    }
    return null;
  }

  /** report.md's heading's id, or null for a report of another shape. */
  private static String mdTitle(Path md, byte[] bytes) throws IOException {
    int end = 0;
    while (end < bytes.length && bytes[end] != '\n' && bytes[end] != '\r') {
      end++;
    }
    String first;
    try {
      first = utf8(bytes, end);
    } catch (CharacterCodingException e) {
      return null; // not a report this wirebench wrote
    }
    return title(md, bytes.length == 0 ? null : first, ReportTitle::fromMarkdown);
  }

  /** report.html's h1's id, unescaped as the report escaped it, or null. */
  private static String htmlTitle(Path html, byte[] bytes) throws IOException {
    String text;
    try {
      text = utf8(bytes, bytes.length);
    } catch (CharacterCodingException e) {
      return null; // not a report this wirebench wrote
    }
    return title(html, text, ReportTitle::fromHtml);
  }

  /**
   * The first {@code length} bytes as UTF-8, refusing bytes that are none (as Files.readString).
   */
  private static String utf8(byte[] bytes, int length) throws CharacterCodingException {
    return StandardCharsets.UTF_8
        .newDecoder()
        .decode(java.nio.ByteBuffer.wrap(bytes, 0, length))
        .toString();
  }

  /** The id {@code reader} reads from the report's text, as its renderer wrote it. */
  private static String title(
      Path report, String text, java.util.function.Function<String, String> reader)
      throws UnreadableRunException {
    try {
      return reader.apply(text);
    } catch (IllegalArgumentException e) {
      throw new UnreadableRunException(
          report
              + ": its title is not as wirebench writes one ("
              + e.getMessage()
              + "): the"
              + " report was edited");
    }
  }
}
