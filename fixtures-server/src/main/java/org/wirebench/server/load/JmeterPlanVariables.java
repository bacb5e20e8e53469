package org.wirebench.server.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.wirebench.formats.xml.XmlFactories;
import org.wirebench.server.CliValues;

/**
 * What a plan {@link JmeterPlan} wrote tells its importer: how much of each point the driver would
 * not have counted, and over how many JMeter engines the plan was split.
 *
 * @param warmupMs {@link JmeterPlan#WARMUP_MS}: each timed point's first milliseconds
 * @param warmupRequests {@link JmeterPlan#WARMUP_REQUESTS}: each counted point's first requests
 * @param engines {@link JmeterPlan#ENGINES}: 1..{@link JmeterPlan#MAX_ENGINES}
 */
public record JmeterPlanVariables(long warmupMs, long warmupRequests, int engines) {
  /**
   * The plan's variables, as written.
   *
   * @throws IOException for a file that is not such a plan
   */
  public static JmeterPlanVariables read(Path jmx) throws IOException {
    long[] out = {-1, -1, -1};
    // a link given followed once; never waited on as a FIFO put in its place after the check
    try (InputStream in = org.wirebench.results.OwnFiles.openGiven(jmx)) {
      XMLStreamReader r = XmlFactories.reader(in);
      String argument = null;
      while (r.hasNext()) {
        if (r.next() != XMLStreamConstants.START_ELEMENT) {
          continue;
        }
        String name = r.getAttributeValue(null, "name");
        if (r.getLocalName().equals("elementProp")) {
          argument = name;
        } else if ("Argument.value".equals(name)) {
          if (JmeterPlan.WARMUP_MS.equals(argument)) {
            out[0] = CliValues.whole(r.getElementText().trim());
          } else if (JmeterPlan.WARMUP_REQUESTS.equals(argument)) {
            out[1] = CliValues.whole(r.getElementText().trim());
          } else if (JmeterPlan.ENGINES.equals(argument)) {
            out[2] = CliValues.whole(r.getElementText().trim());
          }
        }
      }
    } catch (XMLStreamException | NumberFormatException e) {
      // one line: the XML parser's message carries its location on a line of its own
      throw new IOException(
          jmx
              + ": not a plan of wirebench's: "
              + String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " ").strip(),
          e);
    }
    if (out[2] > JmeterPlan.MAX_ENGINES) {
      // read as a long and used as an int: a larger count would wrap into a small one
      throw new IOException(
          jmx
              + ": "
              + JmeterPlan.ENGINES
              + " "
              + out[2]
              + " is above "
              + JmeterPlan.MAX_ENGINES
              + ", the most split");
    }
    if (out[0] < 0 || out[1] < 0 || out[2] < 1) {
      throw new IOException(
          jmx
              + ": no "
              + JmeterPlan.WARMUP_MS
              + ", "
              + JmeterPlan.WARMUP_REQUESTS
              + " or "
              + JmeterPlan.ENGINES
              + " (not made by load --jmeter-plan)");
    }
    return new JmeterPlanVariables(out[0], out[1], (int) out[2]);
  }
}
