package org.wirebench.bench.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.wirebench.results.NewFiles;
import org.wirebench.results.NewFolders;
import org.wirebench.results.OwnFiles;
import org.wirebench.results.RunFiles;

/**
 * The {@code tmp-*} folders a killed suite run leaves under a results root. Never read as results
 * and never removed silently: the suite and {@code report} list them, {@code wirebench
 * discard-incomplete} removes them. A run stopped by Ctrl-C or SIGTERM removes its own ({@link
 * StoppedRuns}); only one killed outright leaves it.
 */
public final class IncompleteRuns {
  private static final String PREFIX = NewFiles.PREFIX;

  private IncompleteRuns() {}

  /**
   * A new {@code tmp-<random>} run folder under {@code root}, with the permissions any new folder
   * gets (the umask's): {@code createTempDirectory} makes it owner-only (0700), and the rename that
   * completes the run kept that, so no other user could read a finished run. {@code root} and the
   * folders above it are made when missing, and taken back when empty again, as the run is deleted
   * ({@link #deleteOwn}) or stopped ({@link StoppedRuns}) before it completes: a run that never
   * completed leaves no empty results root.
   */
  public static Path create(Path root) throws IOException {
    List<Path> made = NewFolders.make(root);
    Path run;
    try {
      run = NewFiles.newFolder(root, PREFIX);
    } catch (IOException | RuntimeException e) {
      NewFolders.removeEmpty(made);
      throw e;
    }
    MADE.put(key(run), made);
    StoppedRuns.watch(key(run), made);
    // held until the folder is complete or deleted, and by the system no longer than the process:
    // discard-incomplete in another shell must not take a live run for a killed one. Written and
    // locked under a temporary name, the marker has its name only once locked: never found
    // unlocked while this run lives.
    FileChannel marker = null;
    try (NewFiles files = NewFiles.create(run, List.of(MARKER))) {
      Path temp = files.temp(MARKER);
      Files.writeString(temp, MARKER_TEXT);
      marker = FileChannel.open(temp, StandardOpenOption.READ, StandardOpenOption.WRITE);
      try {
        marker.lock();
      } catch (IOException e) {
        // a file system without locks (some network mounts): the run goes on, unguarded as before
        marker.close();
        marker = null;
      }
      files.publish();
    } catch (IOException | RuntimeException e) {
      if (marker != null) {
        marker.close();
      }
      try {
        deleteOwn(run);
      } catch (IOException | RuntimeException gone) {
        e.addSuppressed(gone);
      }
      throw e;
    }
    if (marker != null) {
      HELD.put(key(run), marker);
    }
    return run;
  }

  /** The markers this process writes runs under, locked: by the run folder's absolute path. */
  private static final Map<Path, FileChannel> HELD = new ConcurrentHashMap<>();

  /** The folders {@link #create} made above each run of this process, by its absolute path. */
  private static final Map<Path, List<Path>> MADE = new ConcurrentHashMap<>();

  private static Path key(Path run) {
    return run.toAbsolutePath().normalize();
  }

  /**
   * Lets go of the marker's lock of a run this process made ({@link #create}), as the process's end
   * does; once is enough.
   */
  public static void release(Path run) throws IOException {
    StoppedRuns.forget(key(run));
    MADE.remove(key(run));
    FileChannel marker = HELD.remove(key(run));
    if (marker != null) {
      marker.close();
    }
  }

  /**
   * Why a marked folder is a run still being written, or null: its marker is locked by this process
   * or by another (a suite or jmeter-import running beside discard-incomplete). Only for saying so:
   * {@link #discard} holds the lock it probes until it is done.
   */
  private static String stillWritten(Path folder) throws IOException {
    if (HELD.containsKey(key(folder))) {
      return OURS;
    }
    try (FileChannel marker = openMarker(folder)) {
      return shared(marker) == null ? LOCKED : null;
    } catch (OverlappingFileLockException e) {
      return OURS;
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /**
   * The marker, never through a link (checked a regular file by {@link #notMarked}), and never
   * waited on: a FIFO put in its place after the check is refused ({@link OwnFiles#open}).
   */
  private static FileChannel openMarker(Path folder) throws IOException {
    return OwnFiles.open(folder.resolve(MARKER));
  }

  /**
   * A shared lock of the whole marker, or null while a writer holds its exclusive one (it is never
   * written through this channel); held until the channel is closed.
   */
  private static FileLock shared(FileChannel marker) throws IOException {
    return marker.tryLock(0, Long.MAX_VALUE, true);
  }

  /**
   * The file a suite run writes first into its {@code tmp-} folder and removes just before the
   * folder gets its final name: what tells a killed run's folder from another tool's {@code tmp-}
   * folder, which discard-incomplete never removes.
   */
  public static final String MARKER = org.wirebench.server.OutputPaths.INCOMPLETE_MARKER;

  private static final String OURS = "a run in this process is still writing it";

  private static final String LOCKED =
      "a running wirebench run is still writing it (its " + MARKER + " is locked)";

  private static final String LACKS_MARKER = "it lacks the " + MARKER + " file a run writes first";

  private static final String MARKER_TEXT =
      "a wirebench suite run writing this folder; removed by ./wirebench discard-incomplete if"
          + " the run was killed\n";

  /**
   * Removes the marker of a run about to get its final name ({@link #create}), before letting go of
   * its lock: a discard-incomplete that was waiting for the lock then finds no marker, and keeps
   * the folder.
   */
  public static void complete(Path run) throws IOException {
    Files.delete(run.resolve(MARKER));
    release(run);
  }

  /**
   * Why {@code folder} is not, as far as can be told, what a killed wirebench run left, or null
   * when it is: its name starts with tmp-, it holds the marker, and every entry is a file a run
   * writes (results JSON, histogram logs, reports, the flame graphs' {@code profile/}, temporary
   * {@code tmp-} files), so nothing of another tool's is removed with it.
   */
  public static String notARun(Path folder) throws IOException {
    String not = notMarked(folder);
    if (not == null) {
      not = stillWritten(folder);
    }
    return not != null ? not : notRunsFiles(folder);
  }

  /** Why {@code folder} is no marked run folder, or null. */
  private static String notMarked(Path folder) {
    if (!folder.getFileName().toString().startsWith(PREFIX)) {
      return "its name does not start with " + PREFIX;
    }
    if (Files.isSymbolicLink(folder) || !Files.isDirectory(folder)) {
      return "not a folder";
    }
    if (!Files.isRegularFile(folder.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)) {
      return LACKS_MARKER;
    }
    return null;
  }

  /** The first entry of {@code folder} no run writes, said so, or null. */
  private static String notRunsFiles(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.sorted().toList()) {
        String n = f.getFileName().toString();
        String not =
            n.equals(Profiling.FOLDER) && Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)
                ? notFlameGraphs(f)
                : Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && runFile(n) ? null : n;
        if (not != null) {
          return "it holds " + not + ", which no wirebench run writes";
        }
      }
    }
    return null;
  }

  /**
   * The results a run writes at the top of its folder ({@link RunFiles#runFile}), each also under
   * the temporary name it is written to ({@link NewFiles#published}).
   */
  static boolean runFile(String n) {
    if (n.equals(MARKER)) {
      return true;
    }
    String published = NewFiles.published(n);
    return n.startsWith(PREFIX)
        ? published != null && RunFiles.runFile(published)
        : RunFiles.runFile(n);
  }

  /**
   * What under a run's {@code profile/} a run does not write, or null: it holds the flame graphs
   * (*.html), in a folder for each event and benchmark, and nothing else (no link followed).
   */
  private static String notFlameGraphs(Path profile) throws IOException {
    try (Stream<Path> files = Files.walk(profile)) {
      for (Path f : files.sorted().toList()) {
        boolean ours =
            Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)
                || Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
                    && f.getFileName().toString().endsWith(".html");
        if (!ours) {
          return profile.getParent().relativize(f).toString();
        }
      }
    }
    return null;
  }

  /** The incomplete runs under {@code root}, oldest name first; none when root does not exist. */
  public static List<Path> find(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(root)) {
      return s.filter(Files::isDirectory)
          .filter(p -> p.getFileName().toString().startsWith(PREFIX))
          .sorted()
          .toList();
    }
  }

  /**
   * What discard-incomplete would do with the {@code tmp-} folders under {@code root}, one line
   * each kind, when there are any: the killed runs' (marked, {@link #notARun} null) it removes; the
   * others (a run's from before the marker, another tool's, a run's holding a file no run writes)
   * it keeps, so they are named apart, with why and the command that removes them by hand.
   */
  public static void warn(Path root, PrintStream err) throws IOException {
    List<String> discarded = new java.util.ArrayList<>();
    List<String> kept = new java.util.ArrayList<>();
    List<String> keptPaths = new java.util.ArrayList<>();
    for (Path p : find(root)) {
      String name = p.getFileName().toString();
      String not = notARun(p);
      if (not == null) {
        discarded.add(name);
      } else {
        kept.add(name + " (" + not + ")");
        keptPaths.add(shellWord(p.toString()));
      }
    }
    if (!discarded.isEmpty()) {
      err.println(
          "wirebench: "
              + discarded.size()
              + " incomplete run(s) left by killed runs under "
              + root
              + " (not results; remove with ./wirebench discard-incomplete "
              + root
              + "): "
              + String.join(", ", discarded));
    }
    if (!kept.isEmpty()) {
      err.println(
          "wirebench: "
              + kept.size()
              + " other "
              + PREFIX
              + "* folder(s) under "
              + root
              + ", not results, which discard-incomplete keeps: "
              + String.join(", ", kept)
              + "; if one is a killed run's (runs before the "
              + MARKER
              + " file had none), remove it by hand: rm -r "
              + String.join(" ", keptPaths));
    }
  }

  /** A path as one word of a POSIX shell's command line: quoted unless it needs none. */
  static String shellWord(String s) {
    return s.matches("[A-Za-z0-9_./:=+@%-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
  }

  /**
   * Deletes one incomplete run folder and everything in it, once it is one ({@link #discard}).
   *
   * @throws IOException naming why a folder is not one, having deleted nothing
   */
  public static void delete(Path run) throws IOException {
    String kept = discard(run);
    if (kept != null) {
      throw new IOException(run + " is not an incomplete wirebench run: " + kept);
    }
  }

  /**
   * Deletes {@code folder} when it is what a killed wirebench run left ({@link #notARun}), its
   * marker's lock probed once and held, shared, from the check to the end of the removal: no run
   * takes the folder up or completes it in between (a writer's lock waits for it; a run that
   * completed before removed its marker first).
   *
   * @return null once removed; else why it was kept, as discard-incomplete says it
   */
  public static String discard(Path folder) throws IOException {
    String not = notMarked(folder);
    if (not != null) {
      return notOurs(not);
    }
    if (HELD.containsKey(key(folder))) {
      return OURS;
    }
    try (FileChannel marker = openMarker(folder)) {
      if (shared(marker) == null) {
        return LOCKED;
      }
      // the lock is of the marker the folder still holds: a completed run removed it before
      // letting go of it, and then renamed the folder
      if (!Files.isRegularFile(folder.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)) {
        return notOurs(LACKS_MARKER);
      }
      not = notRunsFiles(folder);
      if (not != null) {
        return notOurs(not);
      }
      deleteTree(folder);
      return null;
    } catch (OverlappingFileLockException e) {
      return OURS;
    } catch (NoSuchFileException e) {
      return notOurs(LACKS_MARKER);
    }
  }

  private static String notOurs(String why) {
    return "not a wirebench run's (" + why + ")";
  }

  /**
   * Deletes the run folder this process made ({@link #create}), whatever it holds by now, and the
   * folders made for it that are left empty.
   */
  public static void deleteOwn(Path run) throws IOException {
    List<Path> made = MADE.getOrDefault(key(run), List.of());
    try {
      deleteTree(run);
    } finally {
      release(run);
      NewFolders.removeEmpty(made);
    }
  }

  private static void deleteTree(Path run) throws IOException {
    try (Stream<Path> files = Files.walk(run)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
