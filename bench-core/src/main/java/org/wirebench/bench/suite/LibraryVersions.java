package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.zip.ZipFile;

/**
 * Library versions from the {@code META-INF/maven/.../pom.properties} every Maven-built jar carries
 * (the shade plugin keeps them): first on this class path, then inside the fixture server's jar.
 */
final class LibraryVersions {
  private LibraryVersions() {}

  /** groupId:artifactId to version; "absent" when neither jar has it. */
  static Map<String, String> find(List<String> coordinates, Path otherJar) {
    Map<String, String> versions = new LinkedHashMap<>();
    for (String c : coordinates) {
      String entry = "META-INF/maven/" + c.replace(':', '/') + "/pom.properties";
      String v = fromClassPath(entry);
      if (v == null && otherJar != null && Files.isRegularFile(otherJar)) {
        v = fromJar(otherJar, entry);
      }
      if (v == null && c.equals("com.google.protobuf:protobuf-java")) {
        v = protobufRuntime(); // built with Bazel: its jar has no pom.properties
      }
      versions.put(c, v == null ? "absent" : v);
    }
    return versions;
  }

  private static String protobufRuntime() {
    try {
      Class<?> rv = Class.forName("com.google.protobuf.RuntimeVersion");
      return rv.getField("MAJOR").get(null)
          + "."
          + rv.getField("MINOR").get(null)
          + "."
          + rv.getField("PATCH").get(null);
    } catch (ReflectiveOperationException | LinkageError e) {
      return null;
    }
  }

  private static String fromClassPath(String entry) {
    try (InputStream in = LibraryVersions.class.getClassLoader().getResourceAsStream(entry)) {
      return in == null ? null : version(in);
    } catch (IOException e) {
      return null;
    }
  }

  private static String fromJar(Path jar, String entry) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      var e = zip.getEntry(entry);
      if (e == null) {
        return null;
      }
      try (InputStream in = zip.getInputStream(e)) {
        return version(in);
      }
    } catch (IOException e) {
      return null;
    }
  }

  private static String version(InputStream in) throws IOException {
    Properties p = new Properties();
    p.load(in);
    return p.getProperty("version");
  }
}
