package org.wirebench.bench.consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A project importing wirebench-bom gets none of wirebench-parent's pins, so a version range a
 * library's POM declares (flatgeobuf: Guava [33,34), JTS [1.19,2.0)) is resolved again in every
 * consumer's build: a metadata look-up on each repository, the library's own among them (OSGeo's,
 * which the archetype's project then asked on every build), and a version that can change under it.
 * Each such dependency is excluded where a module declares the library (the module declares the
 * pinned one itself), so no consumer resolves a range. Read from the POMs beside the jars on this
 * module's class path, which holds every module's.
 */
class ConsumerVersionRangesTest {
  private static final List<Path> MODULE_POMS =
      List.of(
          Path.of("pom.xml"),
          Path.of("../formats/pom.xml"),
          Path.of("../results/pom.xml"),
          Path.of("../fixtures-server/pom.xml"));

  @Test
  void noConsumerResolvesAVersionRange() throws Exception {
    List<String> unexcluded = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.endsWith(".jar")) {
        continue;
      }
      Path pom = Path.of(entry.substring(0, entry.length() - ".jar".length()) + ".pom");
      if (!Files.isRegularFile(pom)) {
        continue;
      }
      Element library = read(pom);
      for (Element d : dependencies(library)) {
        String version = text(d, "version");
        String scope = text(d, "scope");
        boolean reachesConsumers =
            !"test".equals(scope)
                && !"provided".equals(scope)
                && !"true".equals(text(d, "optional"));
        if (reachesConsumers && (version.startsWith("[") || version.startsWith("("))) {
          String ranged = text(d, "groupId") + ":" + text(d, "artifactId");
          String declarer = groupId(library) + ":" + text(library, "artifactId");
          if (!excluded(declarer, ranged)) {
            unexcluded.add(ranged + " " + version + " (from " + declarer + ")");
          }
        }
      }
    }
    assertTrue(
        unexcluded.isEmpty(),
        "exclude these where a module declares the library, and declare each pinned yourself: "
            + unexcluded);
  }

  private static boolean excluded(String declarer, String ranged) throws Exception {
    for (Path modulePom : MODULE_POMS) {
      for (Element d : dependencies(read(modulePom))) {
        if (!declarer.equals(text(d, "groupId") + ":" + text(d, "artifactId"))) {
          continue;
        }
        for (Element e : children(child(d, "exclusions"), "exclusion")) {
          if (ranged.equals(text(e, "groupId") + ":" + text(e, "artifactId"))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static Element read(Path pom) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document doc = f.newDocumentBuilder().parse(pom.toFile());
    return doc.getDocumentElement();
  }

  /** The project's own dependencies, not its dependencyManagement's, plugins' or profiles'. */
  private static List<Element> dependencies(Element project) {
    return children(child(project, "dependencies"), "dependency");
  }

  private static String groupId(Element project) {
    String own = text(project, "groupId");
    return own.isEmpty() ? text(child(project, "parent"), "groupId") : own;
  }

  private static Element child(Element parent, String name) {
    if (parent == null) {
      return null;
    }
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && name.equals(e.getTagName())) {
        return e;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    if (parent != null) {
      for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n instanceof Element e && name.equals(e.getTagName())) {
          found.add(e);
        }
      }
    }
    return found;
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? "" : e.getTextContent().trim();
  }
}
