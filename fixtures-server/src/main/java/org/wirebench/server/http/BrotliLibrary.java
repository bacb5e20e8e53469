package org.wirebench.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * brotli4j's native library, loaded without leaving a copy of it behind. brotli4j's own loader
 * ({@code Brotli4jLoader}) copies the library into a folder {@code
 * java.io.tmpdir/com_aayushatharva_brotli4j_<nanotime>} and only asks for it to be deleted when the
 * JVM exits normally, so every JVM that loaded brotli and was killed (a test's destroyForcibly of a
 * server, a stopped run's forced kill, {@code kill -9}) left 1 MB in /tmp. Here the library is
 * copied to a file, loaded by brotli4j from there (its property {@code brotli4j.library.path} makes
 * it {@code System.load} that file and extract nothing), and the file deleted at once: Linux keeps
 * a loaded library mapped, so only a kill within those milliseconds leaves the copy.
 *
 * <p>{@link #load} must run before any brotli4j class initialises: {@link ContentCoding}, through
 * which the server's compression, the load driver's and the wire scenario's decoders and the
 * benchmarks reach brotli, calls it first (a test decoding with brotli4j itself calls it too).
 */
public final class BrotliLibrary {
  /** brotli4j's own property: the library file it then loads instead of extracting one. */
  static final String PATH_PROPERTY = "brotli4j.library.path";

  private static final String LOADER = "com.aayushatharva.brotli4j.Brotli4jLoader";

  /** What the copy's name starts with, in java.io.tmpdir, for the milliseconds it exists. */
  static final String COPY_PREFIX = "wirebench-libbrotli-";

  private static boolean done;

  private BrotliLibrary() {}

  /**
   * Loads brotli4j's library from a copy deleted at once, where the class path holds it for this
   * platform; elsewhere (another OS, or a library path given by the user) brotli4j loads it its own
   * way. Once a JVM; a failure to load is brotli4j's to report, as {@code Brotli4jLoader} does.
   */
  public static synchronized void load() {
    if (done) {
      return;
    }
    done = true;
    if (System.getProperty(PATH_PROPERTY) != null) {
      return;
    }
    ClassLoader classes = BrotliLibrary.class.getClassLoader();
    String resource = resource();
    if (resource == null || classes.getResource(resource) == null) {
      return;
    }
    try {
      Path copy = Files.createTempFile(COPY_PREFIX, ".so");
      try {
        try (InputStream in = classes.getResourceAsStream(resource)) {
          Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        System.setProperty(PATH_PROPERTY, copy.toString());
        Class.forName(LOADER, true, classes);
      } finally {
        // the property named a file that is gone: a loader of another class loader would fail on
        // it, so it is cleared and such a loader extracts its own copy, as it would have anyway
        System.clearProperty(PATH_PROPERTY);
        Files.deleteIfExists(copy);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy brotli4j's native library", e);
    } catch (ClassNotFoundException e) {
      // no brotli4j on the class path: nothing uses it here
    }
  }

  /**
   * The library's resource in brotli4j's native jar for this platform ({@code
   * lib/linux-x86_64/libbrotli.so}), or null off Linux: a loaded library can be deleted there, and
   * the fixture server ships only Linux's.
   */
  static String resource() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    if (!os.startsWith("linux")) {
      return null;
    }
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String platform = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch;
    return "lib/linux-" + platform + "/" + System.mapLibraryName("brotli");
  }
}
