package org.wirebench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.wirebench.results.NewFiles;
import org.wirebench.results.NewFolders;
import org.wirebench.results.PathKind;
import org.wirebench.results.RunEnvironment;
import org.wirebench.results.RunFiles;

/**
 * Where a command will write, checked before any work: a folder that cannot be made (below a file,
 * under /proc, on a read-only disk), and any path inside a finished run's folder (a run folder is
 * never changed in place: its files are what its report and compare read), are bad usage, refused
 * in one line with exit 2, not found out after a run (exit 1). A folder is made here only to see
 * that it can be, and taken back: the command makes it with its first output ({@link NewFolders}).
 */
public final class OutputPaths {
  private OutputPaths() {}

  /**
   * Why {@code option}'s folder {@code dir} cannot take output, or null when it can be made (made
   * and taken back: nothing of it is left) and written.
   */
  public static String folderProblem(String option, Path dir) {
    return folderProblem(option, dir, Set.of());
  }

  /**
   * As {@link #folderProblem(String, Path)}, with the kinds of run folder {@code dir} itself may be
   * (the driver's {@code --out} adds its scenario's files to a load --out folder, or to the suite's
   * run being written, never replacing one).
   */
  public static String folderProblem(String option, Path dir, Set<RunKind> allowed) {
    String inRun = runFolderProblem(option, dir, allowed);
    if (inRun != null) {
      return inRun;
    }
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      return option + " " + dir + " " + PathKind.of(dir) + ", not a folder";
    }
    // made to see that it can be (a folder below a file, under /proc, on a read-only disk), and
    // taken back at once: the command makes it with its first output, so one refused or stopped
    // before that leaves no empty folder
    List<Path> made;
    try {
      made = NewFolders.make(dir);
    } catch (IOException | SecurityException e) {
      String m = e.getMessage();
      return option
          + ": cannot make the folder "
          + dir
          + " ("
          + e.getClass().getSimpleName()
          + (m == null ? "" : ": " + m)
          + ")";
    }
    try {
      String no = noFileIn(dir);
      return no == null ? null : option + ": the folder " + dir + " takes no file (" + no + ")";
    } finally {
      NewFolders.removeEmpty(made);
    }
  }

  /**
   * Why no file can be made in the folder {@code dir}, or null: one is made there and removed at
   * once, as every output is first written under a temporary name beside its own. Asked of
   * access(2) alone (Files.isWritable), root was told yes of /proc and /sys, where the file then
   * could not be made after all the work (exit 1, naming the output's temporary file).
   */
  private static String noFileIn(Path dir) {
    if (!Files.isWritable(dir)) {
      return "it is read-only";
    }
    try {
      Files.delete(Files.createTempFile(dir, NewFiles.PREFIX + "check-", ".tmp"));
      return null;
    } catch (java.nio.file.AccessDeniedException e) {
      return "permission denied";
    } catch (java.nio.file.NoSuchFileException e) {
      return "no file can be made there"; // /proc
    } catch (java.nio.file.FileSystemException e) {
      return e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
    } catch (IOException | SecurityException e) {
      return e.getClass().getSimpleName();
    }
  }

  /**
   * As {@link #folderProblem(String, Path, Set)}, for a folder an option names as where a command's
   * output goes ({@code report --out DIR}, {@code suite --out ROOT}, {@code load --out DIR}): also
   * refused when its name is a temporary one ({@link #temporaryNameProblem}), but where it is
   * itself one of the {@code allowed} runs (the suite's driver adding to the suite's run being
   * written).
   */
  public static String outputFolderProblem(String option, Path dir, Set<RunKind> allowed) {
    String problem = folderProblem(option, dir, allowed);
    if (problem != null) {
      return problem;
    }
    Found self = runKind(real(dir));
    return self != null && allowed.contains(self.kind()) ? null : temporaryNameProblem(option, dir);
  }

  /**
   * Why {@code option}'s new folder {@code dir} may not have its name, or null: one starting with
   * {@link NewFiles#PREFIX} is what a run being written, or a killed run, is named: every reader
   * refuses it as incomplete (a load --out folder so named could never be reported), and each
   * report and suite names it among the folders killed runs left, to be removed by hand.
   */
  public static String temporaryNameProblem(String option, Path dir) {
    Path name = real(dir).getFileName();
    if (name == null || !name.toString().startsWith(NewFiles.PREFIX)) {
      return null;
    }
    return option
        + " "
        + dir
        + ": a name starting with "
        + NewFiles.PREFIX
        + " is read as an incomplete run (readers refuse it, and reports list it as a killed"
        + " run's folder to remove); choose another";
  }

  /**
   * Why {@code option}'s output file cannot be written, or null: its folder must exist (a file's
   * folder is not made for it, as {@code load --json} does not), and it or its folder be writable.
   */
  public static String fileProblem(String option, Path file) {
    String inRun = runFolderProblem(option, file);
    if (inRun != null) {
      return inRun;
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      // an output is written beside its name and renamed over it: a FIFO's reader would never get
      // it (the FIFO replaced by a file), and /dev/stdout or /dev/null failed after all the work
      return option + " " + PathKind.notAFile(file) + "; name a file";
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null) {
      return null;
    }
    if (!Files.isDirectory(parent)) {
      return option + " " + file + ": its folder " + parent + " " + PathKind.of(parent);
    }
    if (Files.exists(file) && !Files.isWritable(file)) {
      return option + " " + file + " cannot be written";
    }
    String no = noFileIn(parent);
    return no == null
        ? null
        : option
            + " "
            + file
            + " cannot be written: its folder "
            + parent
            + " takes no file ("
            + no
            + ")";
  }

  /**
   * The file a run being written holds until it completes, in a folder whose name starts with
   * {@link NewFiles#PREFIX} (the suite's and jmeter-import's run under construction).
   */
  public static final String INCOMPLETE_MARKER = "wirebench-incomplete-run";

  /**
   * The run folder {@code path} is in or is, or null: the nearest folder on its way up (resolved as
   * the system will resolve it, {@link #real}) that is a run's: a finished run (it holds env.json),
   * a run still being written (a {@code tmp-} folder holding {@link #INCOMPLETE_MARKER}), or a
   * driver-only {@code load --out} folder ({@link RunFiles#loadOut}: a scenario's results and
   * histograms, or their temporary files while the driver writes them).
   */
  public static Path enclosingRun(Path path) {
    for (Path d = real(path); d != null; d = d.getParent()) {
      if (runKind(d) != null) {
        return d;
      }
    }
    return null;
  }

  /** The kinds of folder a run leaves, each with why it is taken for one. */
  public enum RunKind {
    FINISHED,
    BEING_WRITTEN,
    LOAD_OUT
  }

  private record Found(RunKind kind, String why) {}

  /** What kind of run {@code d} is, or null when it is no run's folder. */
  private static Found runKind(Path d) {
    if (Files.isRegularFile(d.resolve(RunEnvironment.FILE))) {
      return new Found(RunKind.FINISHED, "it holds " + RunEnvironment.FILE);
    }
    Path name = d.getFileName();
    if (name != null
        && name.toString().startsWith(NewFiles.PREFIX)
        && Files.exists(d.resolve(INCOMPLETE_MARKER), LinkOption.NOFOLLOW_LINKS)) {
      return new Found(
          RunKind.BEING_WRITTEN, "a run still being written: it holds " + INCOMPLETE_MARKER);
    }
    if (!Files.isDirectory(d)) {
      return null;
    }
    try {
      String load = RunFiles.loadOut(d);
      return load == null
          ? null
          : new Found(RunKind.LOAD_OUT, "a load --out folder: it holds " + load);
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /** Why {@code option}'s {@code path} may not be written: it is in a run's folder; or null. */
  public static String runFolderProblem(String option, Path path) {
    return runFolderProblem(option, path, Set.of());
  }

  /**
   * As {@link #runFolderProblem(String, Path)}, but {@code path} itself (not a folder above it) may
   * be a run folder of the {@code allowed} kinds.
   */
  public static String runFolderProblem(String option, Path path, Set<RunKind> allowed) {
    Path real = real(path);
    for (Path d = real; d != null; d = d.getParent()) {
      Found found = runKind(d);
      if (found == null || d.equals(real) && allowed.contains(found.kind())) {
        continue;
      }
      String kind = found.why();
      return option
          + " "
          + path
          + " is in the run folder "
          + d
          + " ("
          + kind
          + "): a run folder is never changed; write elsewhere";
    }
    return null;
  }

  /**
   * Refuses two output options naming one file (one would overwrite the other's output): the option
   * pairs, {@code {option, path, option, path, ...}}, nulls skipped; or null.
   */
  public static String sameFileProblem(Object... optionsAndPaths) {
    java.util.Map<Path, String> seen = new java.util.HashMap<>();
    for (int i = 0; i < optionsAndPaths.length; i += 2) {
      Path path = (Path) optionsAndPaths[i + 1];
      if (path == null) {
        continue;
      }
      Path key = real(path);
      String before = seen.putIfAbsent(key, (String) optionsAndPaths[i]);
      if (before != null) {
        return before
            + " and "
            + optionsAndPaths[i]
            + " name the same file "
            + path
            + ": one would overwrite the other; give each its own";
      }
    }
    return null;
  }

  /**
   * Writes {@code file} whole or not at all where the system resolves it, as checked ({@link
   * #real}): a new file renamed over the path, so a hard link to another file (a run's) keeps its
   * bytes.
   */
  public static void replace(Path file, NewFiles.IoWriter writer) throws IOException {
    NewFiles.replace(real(file), writer);
  }

  /**
   * The path as the system resolves it when a file is opened or made there: absolute, every link
   * followed where it is met (also a link to nothing yet, whose target the write would make), and a
   * {@code ..} taken after the links before it, so {@code link/..} is the link target's parent, not
   * the folder holding the link. Names that do not exist yet are kept as written.
   */
  public static Path real(Path path) {
    Path abs = path.toAbsolutePath();
    try {
      return resolve(abs.getRoot(), abs, new int[] {0});
    } catch (IOException | SecurityException e) {
      // an unreadable link: the system cannot follow it either, so the write fails there
      return abs.normalize();
    }
  }

  /** Links the system follows in one path before it gives up (ELOOP): Linux's bound. */
  private static final int MAX_LINKS = 40;

  private static Path resolve(Path from, Path rel, int[] links) throws IOException {
    Path cur = from;
    // by name, as written: Path.relativize and normalize would drop "x/.." before x is followed
    for (int i = 0; i < rel.getNameCount(); i++) {
      String n = rel.getName(i).toString();
      if (n.equals(".") || n.isEmpty()) {
        continue;
      }
      if (n.equals("..")) {
        cur = cur.getParent() == null ? cur : cur.getParent();
        continue;
      }
      Path next = cur.resolve(n);
      if (Files.isSymbolicLink(next)) {
        if (++links[0] > MAX_LINKS) {
          throw new IOException(next + ": too many links");
        }
        Path target = Files.readSymbolicLink(next);
        cur =
            target.isAbsolute()
                ? resolve(target.getRoot(), target, links)
                : resolve(cur, target, links);
      } else {
        cur = next;
      }
    }
    return cur;
  }
}
