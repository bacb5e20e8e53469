package org.wirebench.bench.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.wirebench.formats.raster.WmsRequestList;
import org.wirebench.server.OutputPaths;
import org.wirebench.server.StandardOutput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Writes a seeded list of WMS GetMap requests in the FOSS4G benchmarks' row format. */
@Command(
    name = "wms-requests",
    mixinStandardHelpOptions = true,
    versionProvider = org.wirebench.server.CliVersion.class,
    description =
        "Write random GetMap requests as the FOSS4G WMS benchmarks made them (wms_request.py's"
            + " rules): width;height;minx,miny,maxx,maxy, one a line.")
final class WmsRequestsCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--srs",
      defaultValue = "EPSG:4326",
      description = "EPSG:4326, EPSG:3857 or EPSG:900913 (default: ${DEFAULT-VALUE})")
  String srs;

  @Option(
      names = "--count",
      defaultValue = "2000",
      description =
          "requests, 1.." + WmsRequestList.MAX_COUNT + " (default: ${DEFAULT-VALUE}, the study's)")
  int count;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description =
          "seed of the random requests, "
              + org.wirebench.server.CliTypes.SEED_VALUES
              + " (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(
      names = "--out",
      converter = org.wirebench.server.CliTypes.OutputOrStandardOutput.class,
      description = org.wirebench.server.CliTypes.OutputOrStandardOutput.DESCRIPTION)
  Path out;

  @Override
  public Integer call() throws IOException {
    WmsRequestList.Srs which;
    try {
      which = WmsRequestList.Srs.of(srs);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--srs: " + e.getMessage());
    }
    if (count < 1 || count > WmsRequestList.MAX_COUNT) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--count must be 1.." + WmsRequestList.MAX_COUNT + ", was " + count);
    }
    OutputFile.file(spec.commandLine(), "--out", out);
    if (out == null) {
      // not closed: System.out outlives the command; a reader that left ends the rows at once
      Writer w =
          new BufferedWriter(
              new OutputStreamWriter(StandardOutput.bytes(), StandardCharsets.US_ASCII));
      write(w, which);
      w.flush();
    } else {
      OutputPaths.replace(
          out,
          tmp -> {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
              write(w, which);
            }
          });
    }
    return 0;
  }

  private void write(Writer w, WmsRequestList.Srs which) throws IOException {
    // drawn as written: a reader that left ends the drawing too
    for (var rows = WmsRequestList.rows(which, count, seed); rows.hasNext(); ) {
      w.write(rows.next().row(which));
      w.write('\n');
    }
  }
}
