package org.wirebench.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one check of a {@code --java} launcher, for every command that takes one (serve, load, suite,
 * profile): a regular executable file that answers {@code -version} as a Java 17 or newer does.
 * Without it a directory failed as "Cannot run program ... error=13" (exit 1) after work had
 * started, and {@code /bin/true} let serve exit 0 having served nothing.
 */
public final class JavaLauncher {
  private JavaLauncher() {}

  /** The oldest Java the benchmarks, server and load driver run on. */
  public static final int MIN_MAJOR = 17;

  private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?[^\"]*\"");

  /**
   * A launcher that passed the check, with the feature version its {@code -version} named: whoever
   * records that version (env.json's forkedJdkMajor) takes it from here rather than running the
   * launcher again.
   */
  public record Checked(Path path, int major) {}

  /** What one check found: why the launcher cannot be used (null when it can), its version. */
  private record Answer(String problem, int major) {}

  /**
   * Why {@code java} cannot be the launcher given as {@code option}, one line, or null when it can.
   */
  public static String problem(String option, Path java) {
    return answer(option, java).problem();
  }

  /**
   * {@code java}, given as {@code option}, checked as {@link #problem} checks it, with its feature
   * version.
   *
   * @throws IllegalArgumentException why it cannot be the launcher, one line
   */
  public static Checked check(String option, Path java) {
    Answer a = answer(option, java);
    if (a.problem() != null) {
      throw new IllegalArgumentException(a.problem());
    }
    return new Checked(java, a.major());
  }

  /**
   * Why {@code java} cannot be the launcher given as {@code option} without running it (it does not
   * exist, is no file or is not executable), or null: for a process whose parent checked the whole
   * of it for the run ({@link #check}), so that {@code -version} runs once a run, not once a JVM
   * the run starts.
   */
  public static String fileProblem(String option, Path java) {
    String given = option + " " + java;
    if (!Files.exists(java)) {
      return given + " does not exist";
    }
    if (!Files.isRegularFile(java)) {
      return option
          + " "
          + org.wirebench.results.PathKind.notAFile(java)
          + " (name the java launcher, e.g. JDK/bin/java)";
    }
    if (!Files.isExecutable(java)) {
      return given + " is not executable";
    }
    return null;
  }

  private static Answer answer(String option, Path java) {
    String given = option + " " + java;
    String file = fileProblem(option, java);
    if (file != null) {
      return refused(file);
    }
    String out;
    int code;
    try {
      Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
      p.getOutputStream().close();
      // read aside: a program that prints forever (or never closes its output) must not hang us
      ByteArrayOutputStream kept = new ByteArrayOutputStream();
      Thread reader = new Thread(() -> head(p.getInputStream(), kept), "java-version");
      reader.setDaemon(true);
      reader.start();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return refused(given + " did not answer -version within 60 s: not a java launcher");
      }
      reader.join(5_000);
      code = p.exitValue();
      synchronized (kept) {
        out = kept.toString(StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      return refused(given + " cannot be run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return refused(given + " was not checked: interrupted");
    }
    int major = majorOf(out);
    if (code != 0 || major == 0) {
      return refused(
          given
              + " is not a java launcher: '"
              + java
              + " -version' "
              + (code != 0 ? "exited with " + code : "printed no Java version"));
    }
    if (major < MIN_MAJOR) {
      return refused(
          given + " is Java " + major + "; wirebench needs Java " + MIN_MAJOR + " or newer");
    }
    return new Answer(null, major);
  }

  private static Answer refused(String problem) {
    return new Answer(problem, 0);
  }

  /**
   * The feature version a {@code java -version} banner names (1.8.0_392: 8; 17.0.15: 17), or 0 when
   * it names none.
   */
  public static int majorOf(String banner) {
    Matcher m = VERSION.matcher(banner);
    if (!m.find()) {
      return 0;
    }
    int major = Integer.parseInt(m.group(1));
    return major == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : major;
  }

  /** The first 64 KiB of what it prints into {@code kept}; the rest read and dropped. */
  private static void head(InputStream in, ByteArrayOutputStream kept) {
    byte[] buf = new byte[8192];
    try (in) {
      for (int n; (n = in.read(buf)) > 0; ) {
        synchronized (kept) {
          if (kept.size() < 65536) {
            kept.write(buf, 0, Math.min(n, 65536 - kept.size()));
          }
        }
      }
    } catch (IOException e) {
      // the process ended or was destroyed: what was read is what it printed
    }
  }
}
