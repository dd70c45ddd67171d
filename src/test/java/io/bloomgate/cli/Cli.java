package io.bloomgate.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in this JVM and keeps what it printed. */
final class Cli {

    final int code;
    final String out;
    final String err;

    private Cli(int code, String out, String err) {
        this.code = code;
        this.out = out;
        this.err = err;
    }

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Cli(code, out.toString(), err.toString());
    }
}
