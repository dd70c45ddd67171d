package io.bloomgate;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a small Java program (a single source file, compiled by the {@code java} launcher) in a new
 * JVM with exactly the class path given: what a user's tool or application sees, without the test
 * JVM's class path or its system properties (surefire sets {@code org.jooq.no-logo}, for one).
 */
public final class FreshJvm {

    /** The program's exit code, standard output and standard error. */
    public record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    private FreshJvm() {
    }

    /** The jar or directory a class was loaded from. */
    public static Path locationOf(Class<?> type) {
        try {
            return Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes {@code source} as {@code className}.java into a new temporary directory and runs it with
     * {@code classPath} only.
     */
    public static Result run(String className, String source, List<Path> classPath) throws IOException,
            InterruptedException {
        Path dir = Files.createTempDirectory("bloomgate-fresh-jvm");
        Path file = dir.resolve(className + ".java");
        Files.writeString(file, source, StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        command.add(file.toString());
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        Process p = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("the program did not end within 120 s: " + command);
        }
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
