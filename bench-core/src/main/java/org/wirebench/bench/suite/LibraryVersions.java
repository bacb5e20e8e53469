package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Library versions from the {@code META-INF/maven/.../pom.properties} every Maven-built jar carries
 * (the shade plugin keeps them), on this class path: the benchmarks jar holds the fixture server
 * too.
 */
final class LibraryVersions {
  private LibraryVersions() {}

  /** groupId:artifactId to version; "absent" when the class path does not have it. */
  static Map<String, String> find(List<String> coordinates) {
    Map<String, String> versions = new LinkedHashMap<>();
    for (String c : coordinates) {
      String entry = "META-INF/maven/" + c.replace(':', '/') + "/pom.properties";
      String v = fromClassPath(entry);
      if (v == null && c.equals("com.google.protobuf:protobuf-java")) {
        v = protobufRuntime(); // built with Bazel: its jar has no pom.properties
      }
      if (v == null && c.equals("com.github.luben:zstd-jni")) {
        v =
            constant(
                "com.github.luben.zstd.util.ZstdVersion", "VERSION"); // no pom.properties either
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

  private static String constant(String className, String field) {
    try {
      return String.valueOf(Class.forName(className).getField(field).get(null));
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

  private static String version(InputStream in) throws IOException {
    Properties p = new Properties();
    p.load(in);
    return p.getProperty("version");
  }
}
