package io.bloomgate.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/**
 * The command line: {@code bloomgate demo | report | bench}; no command runs the demo, so
 * {@code mvn -q compile exec:java} is the demo, and {@code -Dexec.args="--urls 2000000"} (options
 * without a command) are the demo's options.
 *
 * <p>Exit codes: 0 done; 1 a failure at run time (one line on standard error; the stack trace
 * with {@code --verbose}), or demo/bench runs that disagreed; 2 a usage error (one line; see
 * {@code --help}).
 */
@Command(name = "bloomgate", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {DemoCommand.class, ReportCommand.class, BenchCommand.class, CommandLine.HelpCommand.class},
        description = {"A Bloom filter in front of database tables. With no command: the demo."},
        footer = {"", "Exit codes: 0 done, 1 failure, 2 usage error.",
            "Errors are one line; add --verbose for the stack trace."})
public final class Main implements Runnable {

    private static final Set<String> ROOT_OPTIONS = Set.of("-h", "--help", "-V", "--version");
    /** The JVM is shutting down (Ctrl-C): errors of the interrupted command are not printed. */
    private static volatile boolean exiting;

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        quietLibraries();
        // Ctrl-C: the JVM runs its shutdown hooks while the command's thread goes on working until the
        // JVM halts; whatever fails for it then (a file deleted under it) is not an error to report.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> exiting = true, "bloomgate-cli-exit"));
        Charset charset = Charset.defaultCharset();
        int code = run(args, new PrintWriter(new java.io.OutputStreamWriter(System.out, charset), true),
                new PrintWriter(new java.io.OutputStreamWriter(System.err, charset), true));
        System.exit(code);
    }

    /** Runs the command line with these streams and returns the exit code (for tests and embedding). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        String[] effective = withDefaultCommand(args);
        boolean verbose = Arrays.asList(effective).contains("--verbose");
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, arguments) -> {
            String name = ex.getCommandLine().getCommandSpec().qualifiedName();
            ex.getCommandLine().getErr().println(name + ": " + firstLine(ex.getMessage()) + " (see " + name
                    + " --help)");
            if (verbose) {
                ex.printStackTrace(ex.getCommandLine().getErr());
            }
            return CommandLine.ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (exiting) {
                return 130; // interrupted (SIGINT), as the shell reports it
            }
            commandLine.getErr().println(commandLine.getCommandSpec().qualifiedName() + ": error: " + describe(ex));
            if (verbose) {
                ex.printStackTrace(commandLine.getErr());
            }
            return CommandLine.ExitCode.SOFTWARE;
        });
        int code = cl.execute(effective);
        out.flush();
        err.flush();
        return code;
    }

    /**
     * jOOQ prints a logo and a tip of the day on first use, and SLF4J warns when no logging backend
     * is on the class path (as under {@code mvn exec:java}): noise in the demo's output.
     */
    static void quietLibraries() {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
    }

    /** The root command alone runs the demo. */
    @Override
    public void run() {
        throw new IllegalStateException("unreachable: Main.run(String[]) always names a command");
    }

    /** No command (nothing, or options first) means the demo, unless the first option is the root's own. */
    static String[] withDefaultCommand(String[] args) {
        if (args.length > 0 && (!args[0].startsWith("-") || ROOT_OPTIONS.contains(args[0]))) {
            return args; // a command (or a word picocli will reject), or --help / --version
        }
        String[] withDemo = new String[args.length + 1];
        withDemo[0] = "demo";
        System.arraycopy(args, 0, withDemo, 1, args.length);
        return withDemo;
    }

    /** An exception as one line: its message's first line, and the cause's if it says more. */
    static String describe(Throwable ex) {
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : firstLine(ex.getMessage());
        Throwable cause = ex.getCause();
        if (cause != null && cause.getMessage() != null && !message.contains(firstLine(cause.getMessage()))) {
            message += ": " + firstLine(cause.getMessage());
        }
        return message;
    }

    private static String firstLine(String s) {
        int newline = s.indexOf('\n');
        return (newline < 0 ? s : s.substring(0, newline)).strip();
    }

    /** The version from the jar's manifest, or a development build's. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"bloomgate " + (v != null ? v : "(development build)")};
        }
    }
}
