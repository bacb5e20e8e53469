package ${package};

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Splits RFC 4180 text into rows of fields: an empty unquoted field is null, {@code ""} empty. */
final class CsvRows {
  private CsvRows() {}

  static List<List<String>> parse(String text) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      String field;
      if (text.charAt(i) == '"') {
        StringBuilder b = new StringBuilder();
        i++;
        while (true) {
          if (i >= n) {
            throw new IOException("csv: a quoted field is not closed, row " + (rows.size() + 1));
          }
          char c = text.charAt(i++);
          if (c != '"') {
            b.append(c);
          } else if (i < n && text.charAt(i) == '"') {
            b.append('"');
            i++;
          } else {
            break;
          }
        }
        field = b.toString();
      } else {
        int start = i;
        while (i < n && text.charAt(i) != ',' && text.charAt(i) != '\r' && text.charAt(i) != '\n') {
          i++;
        }
        field = i == start ? null : text.substring(start, i);
      }
      row.add(field);
      if (i < n && text.charAt(i) == ',') {
        i++;
        if (i == n) {
          row.add(null);
        }
      } else if (i < n && (text.charAt(i) == '\r' || text.charAt(i) == '\n')) {
        i += text.startsWith("\r\n", i) ? 2 : 1;
        rows.add(row);
        row = new ArrayList<>();
      } else if (i < n) {
        throw new IOException(
            "csv: '" + text.charAt(i) + "' after a quoted field, row " + (rows.size() + 1));
      }
    }
    if (!row.isEmpty()) {
      rows.add(row);
    }
    return rows;
  }
}
