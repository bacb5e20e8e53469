package org.wirebench.results;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Files a command adds to a run folder, never changing what is there: each is written under a
 * temporary {@code tmp-} name beside its final one and published whole, in the order given, only
 * when all are written; a name already taken is refused before any work, and publishing never
 * replaces a file (a hard link fails when its name exists). A killed command leaves only {@code
 * tmp-} files, which no reader takes for results; one that fails removes them.
 */
public final class NewFiles implements AutoCloseable {
  /** What temporary names start with: these files, and the suite's incomplete run folders. */
  public static final String PREFIX = "tmp-";

  private final Path folder;
  private final Map<String, Path> temps = new LinkedHashMap<>();

  private NewFiles(Path folder) {
    this.folder = folder;
  }

  /** Names in {@code folder} that already exist, of {@code names}; empty when none do. */
  public static List<String> taken(Path folder, List<String> names) {
    return names.stream().filter(n -> Files.exists(folder.resolve(n))).toList();
  }

  /**
   * Creates {@code folder} if needed and a temporary file for each name.
   *
   * @throws FileAlreadyExistsException naming the first name already taken
   */
  public static NewFiles create(Path folder, List<String> names) throws IOException {
    List<String> taken = taken(folder, names);
    if (!taken.isEmpty()) {
      throw new FileAlreadyExistsException(folder.resolve(taken.get(0)).toString());
    }
    Files.createDirectories(folder);
    NewFiles files = new NewFiles(folder);
    try {
      for (String n : names) {
        files.temps.put(n, newTemp(folder, n));
      }
    } catch (IOException e) {
      files.close();
      throw e;
    }
    return files;
  }

  /** Where to write {@code name} until it is published. */
  public Path temp(String name) {
    Path p = temps.get(name);
    if (p == null) {
      throw new IllegalArgumentException(name + " is not one of " + temps.keySet());
    }
    return p;
  }

  /** Gives every file its final name, in order; fails, replacing nothing, if one was taken. */
  public void publish() throws IOException {
    for (Map.Entry<String, Path> e : temps.entrySet()) {
      Path target = folder.resolve(e.getKey());
      try {
        Files.createLink(target, e.getValue()); // link(2): atomic, and fails if target exists
        Files.delete(e.getValue());
      } catch (UnsupportedOperationException noLinks) {
        // without hard links: a move that refuses an existing target (checked, then renamed)
        Files.move(e.getValue(), target);
      }
    }
    temps.clear();
  }

  /** Removes what was not published. */
  @Override
  public void close() throws IOException {
    for (Path p : temps.values()) {
      Files.deleteIfExists(p);
    }
    temps.clear();
  }

  /** Writes {@code file} whole or not at all, replacing it (a file named on the command line). */
  public static void replace(Path file, IoWriter writer) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Path tmp = newTemp(dir, file.getFileName().toString());
    try {
      writer.write(tmp);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * A new empty file {@code tmp-NAME.<random>} in {@code dir}, with the permissions any new file
   * gets (the umask's, as the published file should have): {@code createTempFile} makes it
   * owner-only (0600), which the hard link or rename then publishes — a compare.xml or run folder
   * another user (a CI step, a web server) could not read.
   */
  private static Path newTemp(Path dir, String name) throws IOException {
    while (true) {
      long r = ThreadLocalRandom.current().nextLong();
      try {
        return Files.createFile(dir.resolve(PREFIX + name + "." + Long.toUnsignedString(r)));
      } catch (FileAlreadyExistsException taken) {
        // another command's temporary file: draw another name
      }
    }
  }

  /** Writes one file. */
  @FunctionalInterface
  public interface IoWriter {
    void write(Path file) throws IOException;
  }
}
