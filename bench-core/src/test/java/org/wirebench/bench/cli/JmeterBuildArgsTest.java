package org.wirebench.bench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The -Pjmeter build (jmeter/pom.xml) hands the driver and the plan writer their command lines from
 * shared properties: each must be one its command takes, the plan writer none of the options that
 * only shape a run (it refuses them, exit 2, and the build would stop there). Read from the pom as
 * Maven resolves it, so a property moved between the two is seen here, not after JMeter's download.
 */
class JmeterBuildArgsTest {
  private static final Path POM = Path.of("..", "jmeter", "pom.xml");
  private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

  @TempDir Path tmp;

  private final CliRunner cli = new CliRunner();

  @Test
  void thePlanWriterGetsNoOptionOnlyARunTakes() throws Exception {
    Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(POM.toFile());
    Map<String, String> props = new HashMap<>();
    NodeList properties =
        ((Element) pom.getElementsByTagName("properties").item(0)).getChildNodes();
    for (int i = 0; i < properties.getLength(); i++) {
      if (properties.item(i) instanceof Element e) {
        props.put(e.getTagName(), e.getTextContent().trim());
      }
    }
    props.put("project.build.directory", tmp.toString());
    props.put("java.home", System.getProperty("java.home"));
    // no server here: a refused port, and no wait for it (the build waits for the one it starts)
    props.put("jmeter.url", "http://127.0.0.1:1/");
    List<String> plan = wirebenchArgs(pom, "plan", props);
    List<String> driver = wirebenchArgs(pom, "driver", props);
    assertTrue(plan.contains("--jmeter-plan"), plan.toString());
    assertTrue(driver.containsAll(List.of("--runs", "1")), "the driver keeps its runs: " + driver);
    for (List<String> args : List.of(plan, driver)) {
      int exit = cli.run(args.toArray(String[]::new));
      // usage is fine: each gets as far as the (refused) server, exit 1
      assertNotEquals(2, exit, args + ": " + cli.err());
      assertFalse(cli.err().contains("has no effect"), cli.err());
    }
  }

  /**
   * A second {@code -Pjmeter verify} without {@code clean} stopped at the driver or the import,
   * which refuse to write into an existing run folder: every folder an execution writes is removed
   * before the build's first phase that writes one.
   */
  @Test
  void aSecondBuildRemovesTheFirstsOutputsFirst() throws Exception {
    Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(POM.toFile());
    Map<String, String> props = properties(pom);
    Element clean = execution(pom, "previous-outputs");
    assertTrue(clean != null, "no execution previous-outputs (maven-clean-plugin) in " + POM);
    assertTrue(
        "initialize".equals(text(clean, "phase")), "it must run first: " + text(clean, "phase"));
    List<String> removed = new ArrayList<>();
    NodeList dirs = clean.getElementsByTagName("directory");
    for (int i = 0; i < dirs.getLength(); i++) {
      removed.add(resolve(dirs.item(i).getTextContent().trim(), props));
    }
    List<String> written =
        List.of(
            after(wirebenchArgs(pom, "driver", props), "--out"),
            after(wirebenchArgs(pom, "plan", props), "--jmeter-plan"),
            after(wirebenchArgs(pom, "import", props), "--out"));
    assertTrue(removed.containsAll(written), "written " + written + ", removed " + removed);
  }

  /**
   * JMeter alone ({@code -Djmeter.driver=false}) made no driver's run, and the import, which reads
   * one, failed the build ("target/run does not exist") after JMeter had run: it is skipped with
   * the driver.
   */
  @Test
  void jmeterAloneImportsNothing() throws Exception {
    Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(POM.toFile());
    String driver = text(execution(pom, "driver"), "skip");
    assertTrue(driver.contains("${jmeter.skipDriver}"), driver);
    assertTrue(driver.equals(text(execution(pom, "import"), "skip")), "import skip");
  }

  private static Map<String, String> properties(Document pom) {
    Map<String, String> props = new HashMap<>();
    NodeList properties =
        ((Element) pom.getElementsByTagName("properties").item(0)).getChildNodes();
    for (int i = 0; i < properties.getLength(); i++) {
      if (properties.item(i) instanceof Element e) {
        props.put(e.getTagName(), e.getTextContent().trim());
      }
    }
    props.put("project.build.directory", "/target");
    props.put("java.home", "/java");
    return props;
  }

  private static Element execution(Document pom, String id) {
    NodeList executions = pom.getElementsByTagName("execution");
    for (int i = 0; i < executions.getLength(); i++) {
      Element e = (Element) executions.item(i);
      if (id.equals(text(e, "id"))) {
        return e;
      }
    }
    return null;
  }

  private static String text(Element e, String tag) {
    NodeList found = e == null ? null : e.getElementsByTagName(tag);
    return found == null || found.getLength() == 0 ? "" : found.item(0).getTextContent().trim();
  }

  private static String after(List<String> args, String option) {
    int at = args.indexOf(option);
    assertTrue(at >= 0 && at + 1 < args.size(), option + " in " + args);
    return args.get(at + 1);
  }

  /** The arguments after WirebenchCli of the exec execution {@code id}, its properties resolved. */
  private static List<String> wirebenchArgs(Document pom, String id, Map<String, String> props) {
    NodeList executions = pom.getElementsByTagName("execution");
    for (int i = 0; i < executions.getLength(); i++) {
      Element e = (Element) executions.item(i);
      if (!id.equals(e.getElementsByTagName("id").item(0).getTextContent())) {
        continue;
      }
      String line = e.getElementsByTagName("commandlineArgs").item(0).getTextContent();
      List<String> words =
          Arrays.asList(
              resolve(line, props).replace("--server-wait 120s", "").trim().split("\\s+"));
      int at = words.indexOf(WirebenchCli.class.getName());
      assertTrue(at >= 0, line);
      return words.subList(at + 1, words.size());
    }
    throw new AssertionError("no execution " + id + " in " + POM);
  }

  private static String resolve(String text, Map<String, String> props) {
    String s = text;
    for (int depth = 0; depth < 10; depth++) {
      Matcher m = PROPERTY.matcher(s);
      StringBuilder out = new StringBuilder();
      while (m.find()) {
        String value = props.get(m.group(1));
        assertTrue(value != null, "unknown property " + m.group(1) + " in " + text);
        m.appendReplacement(out, Matcher.quoteReplacement(value));
      }
      m.appendTail(out);
      if (out.toString().equals(s)) {
        return s;
      }
      s = out.toString();
    }
    throw new AssertionError("properties nest too deep in " + text);
  }
}
