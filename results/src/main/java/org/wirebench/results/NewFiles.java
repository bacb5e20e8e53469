package org.wirebench.results;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Files a command adds to a run folder, never changing what is there: each is written under a
 * temporary {@code tmp-} name beside its final one and published whole, in the order given, only
 * when all are written; a name already taken is refused before any work, and publishing never
 * replaces a file (a hard link fails when its name exists). A command stopped by Ctrl-C or SIGTERM
 * removes them on its way out, as one that fails does; only one killed outright ({@code kill -9})
 * leaves its {@code tmp-} files, which no reader takes for results and discard-incomplete removes
 * once their writer has ended (each name carries its process id: {@link #writerEnded}).
 */
public final class NewFiles implements AutoCloseable {
  /** What temporary names start with: these files, and the suite's incomplete run folders. */
  public static final String PREFIX = "tmp-";

  private final Path folder;

  /** Guarded by {@code this}: the hook that removes them on a stop reads them from its thread. */
  private final Map<String, Path> temps = new LinkedHashMap<>();

  /**
   * Guarded by {@code this}: the folders {@link #create} made for these files, taken back when none
   * is published (a failure, a stop); kept once they are.
   */
  private List<Path> made = List.of();

  /** Removes the temporary files if the JVM is stopped before they are published or closed. */
  private final Thread onStop = new Thread(this::dropTemps, "wirebench new files");

  private NewFiles(Path folder) {
    this.folder = folder;
  }

  /** New files in {@code folder}, removed if the JVM is stopped before they are published. */
  private static NewFiles hooked(Path folder) throws IOException {
    NewFiles files = new NewFiles(folder);
    try {
      Runtime.getRuntime().addShutdownHook(files.onStop);
    } catch (IllegalStateException shuttingDown) {
      throw new IOException("the JVM is shutting down: no new files in " + folder);
    }
    return files;
  }

  /**
   * Names in {@code folder} that are already taken, of {@code names}; empty when none are. A link
   * to nothing takes its name too: {@link #publish}'s link(2) fails on it, after the work.
   */
  public static List<String> taken(Path folder, List<String> names) {
    return names.stream()
        .filter(n -> Files.exists(folder.resolve(n), LinkOption.NOFOLLOW_LINKS))
        .toList();
  }

  /**
   * The name the temporary file {@code name} is written for ({@code tmp-<name>.<random>}, as {@link
   * #create} and {@link #replace} name them), or null when it is no such file's.
   */
  public static String published(String name) {
    int random = name.lastIndexOf('.');
    if (!name.startsWith(PREFIX)
        || random <= PREFIX.length()
        || !name.substring(random + 1).matches("[0-9a-z]+")) {
      return null;
    }
    return name.substring(PREFIX.length(), random);
  }

  /**
   * Creates {@code folder} if needed (and the folders above it, all taken back when no file is
   * published) and a temporary file for each name.
   *
   * @throws FileAlreadyExistsException naming the first name already taken
   */
  public static NewFiles create(Path folder, List<String> names) throws IOException {
    List<String> taken = taken(folder, names);
    if (!taken.isEmpty()) {
      throw new FileAlreadyExistsException(folder.resolve(taken.get(0)).toString());
    }
    List<Path> made = NewFolders.make(folder);
    NewFiles files;
    try {
      files = hooked(folder);
    } catch (IOException e) {
      NewFolders.removeEmpty(made);
      throw e;
    }
    try {
      synchronized (files) {
        files.made = made;
        for (String n : names) {
          files.temps.put(n, temporary(folder, PREFIX + n + "."));
        }
      }
    } catch (IOException e) {
      files.close();
      throw e;
    }
    return files;
  }

  /** Where to write {@code name} until it is published. */
  public synchronized Path temp(String name) {
    Path p = temps.get(name);
    if (p == null) {
      throw new IllegalArgumentException(name + " is not one of " + temps.keySet());
    }
    return p;
  }

  /** Gives every file its final name, in order; fails, replacing nothing, if one was taken. */
  public synchronized void publish() throws IOException {
    for (Map.Entry<String, Path> e : temps.entrySet()) {
      Path target = folder.resolve(e.getKey());
      try {
        Files.createLink(target, e.getValue()); // link(2): atomic, and fails if target exists
        Files.delete(e.getValue());
      } catch (UnsupportedOperationException noLinks) {
        // without hard links: a move that refuses an existing target (checked, then renamed)
        Files.move(e.getValue(), target);
      }
      made = List.of(); // the folders hold a result now
    }
    temps.clear();
    unhook();
  }

  /** Removes what was not published, and the folders made for it that are left empty. */
  @Override
  public synchronized void close() throws IOException {
    for (Path p : temps.values()) {
      Files.deleteIfExists(p);
    }
    temps.clear();
    NewFolders.removeEmpty(made);
    made = List.of();
    unhook();
  }

  private void unhook() {
    try {
      Runtime.getRuntime().removeShutdownHook(onStop);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run: it finds nothing left
    }
  }

  /**
   * On the JVM's way out (Ctrl-C, SIGTERM) before publish or close: no half-written files, and no
   * folder made for them left empty.
   */
  private synchronized void dropTemps() {
    for (Path p : temps.values()) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // nothing to do on the way out: the tmp- name says it is no result
      }
    }
    temps.clear();
    NewFolders.removeEmpty(made);
    made = List.of();
  }

  /**
   * Writes {@code file} whole or not at all, replacing it (a file named on the command line); the
   * temporary file is removed on a failure and, as {@link #create}'s, on a stop (Ctrl-C, SIGTERM).
   */
  public static void replace(Path file, IoWriter writer) throws IOException {
    replace(file.toAbsolutePath().getParent(), Map.of(file.getFileName().toString(), writer));
  }

  /**
   * Writes the files {@code writers} names in {@code dir}, replacing them, as a set: each is
   * written whole under a temporary name, and only once all are is each renamed over its name, in
   * order, with rename(2) — a failure of any write replaces none of them (a report.md never stands
   * beside the report.html of another report), and a crash leaves at most the instant between two
   * renames. The temporary files are removed on a failure and, as {@link #create}'s, on a stop.
   */
  public static void replace(Path dir, Map<String, IoWriter> writers) throws IOException {
    try (NewFiles files = hooked(dir)) {
      synchronized (files) {
        for (String name : writers.keySet()) {
          files.temps.put(name, temporary(dir, PREFIX + name + "."));
        }
      }
      for (Map.Entry<String, IoWriter> w : writers.entrySet()) {
        w.getValue().write(files.temp(w.getKey()));
      }
      for (String name : writers.keySet()) {
        Files.move(
            files.temp(name),
            dir.resolve(name),
            StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      }
    }
  }

  /**
   * A new empty file in {@code dir} whose name starts with {@code prefix}, with the permissions the
   * process's umask gives any file it creates: {@code Files.createTempFile} makes its files
   * owner-only (0600), and a published file keeps its temporary file's permissions, so a run's
   * results and a CI's compare.xml could not be read by another user (a report, written directly,
   * could).
   */
  private static Path temporary(Path dir, String prefix) throws IOException {
    return fresh(dir, prefix + ProcessHandle.current().pid() + WRITER, Files::createFile);
  }

  /**
   * What ends the writer's process id in a temporary file's name ({@code tmp-NAME.<pid>p<random>}):
   * a process killed with -9 removes nothing, and its files are told from a live one's by that id
   * ({@link #writerEnded}).
   */
  private static final char WRITER = 'p';

  /**
   * How much later than a temporary file was last written its name's process must have started to
   * be another process given a reused id: process start times are read in clock ticks from boot,
   * and a JVM writes no file in its first second.
   */
  private static final java.time.Duration REUSED_AFTER = java.time.Duration.ofSeconds(2);

  /**
   * Whether the temporary file {@code temp} ({@link #published} names it) was left by a process
   * that has ended, killed with -9: no process has the id its name carries, or the one that has
   * started after the file was last written (the id reused). False while its writer lives, and for
   * a name that carries no id (written before they did): whether its writer lives cannot be told.
   */
  public static boolean writerEnded(Path temp) throws IOException {
    long id = writerId(temp);
    if (id < 0) {
      return false;
    }
    java.util.Optional<ProcessHandle> writer = ProcessHandle.of(id);
    if (writer.isEmpty() || !writer.get().isAlive()) {
      return true;
    }
    java.util.Optional<java.time.Instant> started = writer.get().info().startInstant();
    java.time.Instant written =
        Files.getLastModifiedTime(temp, LinkOption.NOFOLLOW_LINKS).toInstant();
    return started.isPresent() && started.get().isAfter(written.plus(REUSED_AFTER));
  }

  /**
   * Whether the temporary file {@code temp} ({@link #published} names it) carries its writer's
   * process id in its name; false for one named before names did ({@code tmp-NAME.<random>}), whose
   * writer no one can tell running or ended.
   */
  public static boolean namesWriter(Path temp) {
    return writerId(temp) >= 0;
  }

  /** The process id {@code temp}'s name carries, or -1. */
  private static long writerId(Path temp) {
    String name = temp.getFileName().toString();
    if (published(name) == null) {
      return -1;
    }
    String random = name.substring(name.lastIndexOf('.') + 1);
    int mark = random.indexOf(WRITER);
    if (mark <= 0 || mark > 18 || !random.substring(0, mark).matches("[0-9]+")) {
      return -1;
    }
    return Long.parseLong(random.substring(0, mark));
  }

  /**
   * A new empty folder in {@code dir} whose name starts with {@code prefix}, with the umask's
   * permissions ({@code Files.createTempDirectory} makes it owner-only, 0700, and a run folder
   * renamed into place kept that).
   */
  public static Path newFolder(Path dir, String prefix) throws IOException {
    return fresh(dir, prefix, Files::createDirectory);
  }

  /** Creates {@code prefix + <random>} with O_EXCL semantics, drawing another name if taken. */
  private static Path fresh(Path dir, String prefix, Creator creator) throws IOException {
    for (int attempt = 0; ; attempt++) {
      long r = java.util.concurrent.ThreadLocalRandom.current().nextLong();
      try {
        return creator.create(dir.resolve(prefix + Long.toUnsignedString(r, 36)));
      } catch (FileAlreadyExistsException e) {
        if (attempt == 100) {
          throw e;
        }
      }
    }
  }

  private interface Creator {
    Path create(Path p) throws IOException;
  }

  /** Writes one file. */
  @FunctionalInterface
  public interface IoWriter {
    void write(Path file) throws IOException;
  }
}
