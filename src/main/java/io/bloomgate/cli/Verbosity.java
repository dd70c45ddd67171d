package io.bloomgate.cli;

import picocli.CommandLine.Option;

/** {@code --verbose}: stack traces with errors. Main reads it from the arguments, so even a failing parse honours it. */
final class Verbosity {

    @Option(names = "--verbose", description = "Print the stack trace of an error, not just its one-line message.")
    boolean verbose;
}
