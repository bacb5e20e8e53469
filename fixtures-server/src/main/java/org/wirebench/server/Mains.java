package org.wirebench.server;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.wirebench.results.UnreadableRunException;
import picocli.CommandLine;

/**
 * The one way every wirebench command line runs (the {@code wirebench} CLI and the serve and load
 * mains of the fixture server's own jar). Exit codes: 0 did what was asked; 1 ran and failed (one
 * line naming the command and the problem, never a stack trace); 2 could not run: bad usage
 * (picocli's message) or an input that cannot be read ({@link UnreadableRunException}). Output that
 * could not be written (a full disk) is a failure too, never a silent 0; a reader that closed it
 * ({@code | head -1}) is not ({@link #run}): a command writing as it works ({@link
 * StandardOutput#bytes}) stops there and exits 0, quietly.
 */
public final class Mains {
  private Mains() {}

  /**
   * Set as the JVM begins to shut down (Ctrl-C, SIGTERM): a command failing then fails because it
   * is being stopped (its forks ended, its folder removed), which the stop says in its own one line
   * ({@link #stopping}); the failure is not printed after it.
   */
  private static final AtomicBoolean STOPPING = new AtomicBoolean();

  static {
    try {
      Runtime.getRuntime().addShutdownHook(new Thread(Mains::stopping, "wirebench stopping"));
    } catch (IllegalStateException shuttingDown) {
      STOPPING.set(true);
    }
  }

  /**
   * Says that this JVM is being stopped: from here on a command's failure is the stop's doing and
   * goes unprinted. Its own hook calls it, and a hook that ends the command's work calls it first,
   * so that the failure it causes is never printed before the flag is set.
   */
  public static void stopping() {
    STOPPING.set(true);
  }

  /** {@code cli} with the failure handlers installed; for in-process tests too. */
  public static CommandLine configure(CommandLine cli) {
    return CliValues.register(cli)
        .setExecutionStrategy(Mains::valuesChecked)
        .setParameterExceptionHandler(Mains::usageError)
        .setExecutionExceptionHandler(
            (e, failed, parsed) -> {
              Throwable unwritable = unwritable(e);
              if (unwritable != null && StandardOutput.readerLeft()) {
                // its reader took what it wanted and left: the rest of the work is for no one
                return 0;
              }
              if (!STOPPING.get()) {
                failed
                    .getErr()
                    .println(
                        "wirebench "
                            + failed.getCommandName()
                            + ": "
                            + (unwritable != null ? unwritable.getMessage() : message(e)));
              }
              return unreadable(e) ? 2 : 1;
            });
  }

  /**
   * Runs the command once every option's value is whole and as typed ({@link #checkValues}):
   * picocli drops the empty items a split leaves at the end, so {@code --formats gml2,} (a value
   * lost in a script: {@code gml2,$MORE}) ran gml2 alone, while an empty item before another was
   * refused as an unknown name.
   */
  private static int valuesChecked(CommandLine.ParseResult parsed) {
    checkDecoded(parsed);
    checkValues(parsed);
    return new CommandLine.RunLast().execute(parsed);
  }

  /** What the JVM reads in place of argument bytes its file-name encoding has no character for. */
  private static final char UNDECODED = '\uFFFD';

  /**
   * Refuses an argument holding bytes the JVM could not decode (a file name in Latin-1 under a
   * UTF-8 locale): it reads U+FFFD in their place, so {@code --out $'x-\xff.gml'} wrote
   * x-\uFFFD.gml, a name the user never gave, and exited 0; RUN named so was "does not exist"
   * beside the folder, and a URL asked for another path. Under an ASCII locale a path was refused
   * when read, any other value was not.
   */
  private static void checkDecoded(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      java.util.List<CommandLine.Model.ArgSpec> given = new java.util.ArrayList<>();
      given.addAll(p.matchedOptions());
      given.addAll(p.matchedPositionals());
      for (CommandLine.Model.ArgSpec a : given) {
        for (String value : a.originalStringValues()) {
          if (value.indexOf(UNDECODED) >= 0) {
            String encoding = System.getProperty("sun.jnu.encoding");
            throw new CommandLine.ParameterException(
                p.commandSpec().commandLine(),
                (a instanceof CommandLine.Model.OptionSpec o ? o.longestName() : a.paramLabel())
                    + " '"
                    + value
                    + "' holds bytes that are not "
                    + encoding
                    + " (the JVM reads U+FFFD for them): it would name another file or URL than"
                    + " the one given; "
                    + ("UTF-8".equalsIgnoreCase(encoding)
                        ? "rename it, or give its name in UTF-8"
                        : "run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8"));
          }
        }
      }
    }
  }

  /**
   * Refuses, for every option, a value or a list's item with white space at either end ({@code
   * --threshold " 5%"}, {@code -p "count= 200"}: a script's quoted variable), and a list option's
   * value with an empty item ({@code gml2,}, {@code 4,,}); for a command line parsed only to be
   * checked too, as suite checks its --load-arg before its first step. A value is read as typed, as
   * numbers, durations and names always were, never trimmed into another (the share readers took
   * {@code " 5%"} and compare printed it so); a path's value is the one left as given: a file may
   * be named with a space.
   */
  public static void checkValues(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      for (CommandLine.Model.OptionSpec o : p.matchedOptions()) {
        boolean path = o.auxiliaryTypes()[0] == java.nio.file.Path.class;
        for (String given : o.originalStringValues()) {
          List<String> items =
              o.splitRegex().isEmpty() ? List.of(given) : List.of(given.split(o.splitRegex(), -1));
          // a blank value, as an empty one, is the option's own to refuse, in its own words
          String spaced =
              path || given.isBlank()
                  ? null
                  : items.stream().filter(i -> !i.equals(i.strip())).findFirst().orElse(null);
          if (spaced != null) {
            throw new CommandLine.ParameterException(
                p.commandSpec().commandLine(),
                o.longestName()
                    + " '"
                    + given
                    + "' has white space "
                    + (spaced.equals(given) ? "" : "in its item '" + spaced + "' ")
                    + "at an end: give "
                    + (spaced.equals(given) ? "the value" : "each item")
                    + " without it");
          }
          // an empty value is the option's own to refuse, in its own words
          if (!given.isEmpty() && items.size() > 1 && items.contains("")) {
            throw new CommandLine.ParameterException(
                p.commandSpec().commandLine(),
                o.longestName()
                    + " '"
                    + given
                    + "' has an empty item (a comma too many, or a value lost): name each one");
          }
        }
      }
    }
  }

  public static int execute(Object command, String[] args) {
    return run(configure(new CommandLine(command)), args);
  }

  /**
   * A command line's main: runs {@code cli} with standard output as {@link #run} reads it, then
   * exits with its code.
   */
  public static void exit(CommandLine cli, String[] args) {
    StandardOutput.install();
    System.exit(run(cli, args));
  }

  /**
   * Runs a configured command line; a command that "succeeded" while standard output swallowed a
   * write error (PrintStream never throws: a full disk) fails with exit 1. A reader that closed
   * standard output ({@code wirebench ... | head -1}, under a main: {@link #exit}) took what it
   * wanted and left: that is no failure of the command, which exits with its own code, quietly, as
   * a Unix filter does (none is killed by SIGPIPE here: the JVM ignores it).
   */
  public static int run(CommandLine cli, String[] args) {
    int code = cli.execute(args);
    System.out.flush();
    if (System.out.checkError() && code == 0 && !StandardOutput.readerLeft()) {
      System.err.println("wirebench: " + StandardOutput.cannotWrite());
      return 1;
    }
    return code;
  }

  /** The failed write to standard output that ended a command's work (a codec may wrap it). */
  private static Throwable unwritable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StandardOutput.Unwritable) {
        return t;
      }
    }
    return null;
  }

  /**
   * Bad usage: one line naming the command and what was wrong (and picocli's guess for a misspelt
   * option), exit 2; the command's options are in its --help, not dumped after every mistake.
   */
  static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine failed = e.getCommandLine();
    String line = e.getMessage() == null ? e.toString() : e.getMessage();
    if (e instanceof CommandLine.OverwrittenOptionException o
        && o.getOverwritten() instanceof CommandLine.Model.OptionSpec opt
        && opt.negatable()) {
      // picocli said "'--no-x' should be specified only once" of --x --no-x: name what was typed
      java.util.List<String> typed =
          java.util.Arrays.stream(args).filter(a -> spelling(opt, a)).toList();
      line = String.join(" and ", typed) + " given together: give one of them, once";
    }
    if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
      line += " (did you mean " + String.join(" or ", u.getSuggestions()) + "?)";
    }
    line = line.replaceAll("\\s*\\R\\s*", " ").strip();
    // picocli's words for a group of options (one of --plan and --warmup) begin so, no other's
    line = line.replaceFirst("^Error: ", "");
    failed
        .getErr()
        .println(commandPath(failed) + ": " + line + " (" + commandPath(failed) + " --help)");
    return failed.getCommandSpec().exitCodeOnInvalidInput();
  }

  /** Whether {@code arg} is a name of the negatable {@code opt} or of its negation. */
  private static boolean spelling(CommandLine.Model.OptionSpec opt, String arg) {
    String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
    for (String n : opt.names()) {
      String negated = n.startsWith("--no-") ? "--" + n.substring(5) : "--no-" + n.substring(2);
      if (name.equals(n) || name.equals(negated)) {
        return true;
      }
    }
    return false;
  }

  /** "wirebench suite", "wirebench load", from the root command down. */
  private static String commandPath(CommandLine cli) {
    String path = cli.getCommandName();
    for (CommandLine c = cli.getParent(); c != null; c = c.getParent()) {
      path = c.getCommandName() + " " + path;
    }
    return path.startsWith("wirebench") ? path : "wirebench " + path;
  }

  private static boolean unreadable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnreadableRunException) {
        return true;
      }
    }
    return false;
  }

  /** The innermost message that says something; a file-system failure names its path and why. */
  static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getMessage() == null) {
      root = root.getCause();
    }
    if (root instanceof java.nio.file.FileSystemException fs) {
      // its message is only the path: say what went wrong with it
      String why = fs.getReason() != null ? fs.getReason() : fs.getClass().getSimpleName();
      return "cannot use " + fs.getFile() + ": " + why;
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }

  /**
   * A share written as 0..1 or 0%..100% (e.g. 0.05 or 5%), for options such as compare's
   * --threshold and load's --max-error-rate; NaN when the text is neither.
   */
  public static double share(String text) {
    try {
      double d =
          text.endsWith("%")
              ? CliValues.decimal(text.substring(0, text.length() - 1)) / 100
              : CliValues.decimal(text);
      return d >= 0 && d <= 1 ? d : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
