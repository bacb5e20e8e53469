package org.wirebench.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The fixture server in a JVM of its own (a JVM profile's flags, optionally another JDK), as the
 * load scenarios and {@code serve --jvm-profile} start it. It is ready when it prints its URI.
 */
public final class ServerProcess implements AutoCloseable {
  static final String READY = "wirebench serving ";

  private final Process process;
  private final URI uri;
  private final List<String> command;
  private final JvmProfile profile;
  private final Path java;

  private ServerProcess(
      Process process, URI uri, List<String> command, JvmProfile profile, Path java) {
    this.process = process;
    this.uri = uri;
    this.command = command;
    this.profile = profile;
    this.java = java;
  }

  /**
   * The command line for the server JVM.
   *
   * @param java the java launcher; null for the one running this JVM
   * @param serveArgs arguments for {@code serve} (e.g. --port 0)
   */
  public static List<String> command(Path java, JvmProfile profile, List<String> serveArgs) {
    List<String> cmd = new ArrayList<>();
    cmd.add(java == null ? currentJava().toString() : java.toString());
    cmd.addAll(profile.flags());
    cmd.add("-D" + ServeCommand.PROFILE_PROPERTY + "=" + profile.cliName());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(ServeCommand.class.getName());
    cmd.addAll(serveArgs);
    cmd.add(ServeCommand.EXIT_WITH_PARENT); // its stdin is our pipe: it ends when we do
    return cmd;
  }

  /**
   * How long a server JVM has to say it serves: a run's server starts in seconds; one that has not
   * said so by then (a launcher that hangs, a JVM stuck in its start) is ended and the run fails,
   * where it waited for ever.
   */
  static final Duration START_WAIT = Duration.ofSeconds(120);

  /** Starts a server on a free port and waits (up to {@link #START_WAIT}) until it serves. */
  public static ServerProcess start(Path java, JvmProfile profile, List<String> extraArgs)
      throws IOException, InterruptedException {
    return start(List.of(), java, profile, extraArgs);
  }

  /**
   * As {@link #start(Path, JvmProfile, List)}, the command run through {@code launcher}, a command
   * that execs the rest in place (e.g. {@code ip netns exec NAME}), so that the server keeps this
   * JVM's pipe as its stdin and ends with it.
   */
  public static ServerProcess start(
      List<String> launcher, Path java, JvmProfile profile, List<String> extraArgs)
      throws IOException, InterruptedException {
    return start(launcher, java, profile, extraArgs, START_WAIT);
  }

  static ServerProcess start(
      List<String> launcher, Path java, JvmProfile profile, List<String> extraArgs, Duration wait)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("--port", "0"));
    args.addAll(extraArgs);
    List<String> cmd = new ArrayList<>(launcher);
    cmd.addAll(command(java, profile, args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    // its output read aside, to its end: the line that says it serves, then drained
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                  if (!ready.isDone() && line.contains(READY)) {
                    ready.complete(line);
                  }
                }
              } catch (IOException e) {
                // the server ended: nothing more to read
              }
              ready.complete(null);
            },
            "server-stdout");
    reader.setDaemon(true);
    reader.start();
    String line;
    try {
      line = ready.get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      p.destroyForcibly().waitFor();
      throw new IOException(
          "the server JVM did not say it served within "
              + CliTypes.format(wait)
              + ", so it was ended: "
              + String.join(" ", cmd));
    } catch (InterruptedException e) {
      p.destroyForcibly();
      throw e;
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException(e); // completed, never failed
    }
    if (line == null) {
      int code = p.waitFor();
      throw new IOException(
          "the server JVM exited with " + code + " before serving: " + String.join(" ", cmd));
    }
    String rest = line.substring(line.indexOf(READY) + READY.length());
    String uri = rest.contains(" ") ? rest.substring(0, rest.indexOf(' ')) : rest;
    try {
      return new ServerProcess(p, new URI(uri), cmd, profile, java);
    } catch (URISyntaxException e) {
      p.destroyForcibly();
      throw new IOException("the server announced a bad URI: " + line, e);
    }
  }

  public URI uri() {
    return uri;
  }

  public List<String> command() {
    return command;
  }

  /**
   * What a load result records of this server (its {@code server} object): url, {@code started} as
   * given, the JVM profile, its flags and the study's flags it dropped, the java launcher and the
   * whole command.
   *
   * @param started who started it, e.g. "by the load driver"
   */
  public java.util.Map<String, Object> describe(String started) {
    java.util.Map<String, Object> server = new java.util.LinkedHashMap<>();
    server.put("url", uri.toString());
    server.put("started", started);
    server.put("jvmProfile", profile.cliName());
    server.put("jvmFlags", profile.flags());
    server.put("droppedStudyFlags", profile.dropped());
    server.put("java", java == null ? "same as the load driver" : java.toString());
    server.put("command", command);
    return server;
  }

  /** Whether the server JVM still runs. */
  public boolean alive() {
    return process.isAlive();
  }

  /** The server JVM's exit code; only once it has ended ({@link #alive} false). */
  public int exitCode() {
    return process.exitValue();
  }

  /** The server JVM's process id (the launcher's, which exec'd it). */
  public long pid() {
    return process.pid();
  }

  /** Stops it gracefully (SIGTERM), forcibly after 15 s. */
  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(15, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }

  static Path currentJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }
}
