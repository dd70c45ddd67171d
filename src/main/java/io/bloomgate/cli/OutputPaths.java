package io.bloomgate.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code --db} and {@code --out}, checked before the crawl: a directory or file that cannot be
 * written would otherwise fail minutes later, and Java's I/O exceptions say only the path ({@code
 * error: /tmp/x}), not what was wrong with it. Each check tries what the run will do (create the
 * directories, create or open the file) rather than trusting permission bits, which say nothing
 * about read-only or virtual file systems, and nothing at all to root.
 */
final class OutputPaths {

    private OutputPaths() {
    }

    /**
     * {@code dir} is, or can be created as, a directory this process can create files in (it is
     * created, as the run would create it).
     *
     * @param option   the option as the user knows it, for the message
     * @param whatToDo what the user can do instead
     */
    static void requireWritableDirectory(CommandSpec spec, String option, Path dir, String whatToDo) {
        String name = option + " " + dir;
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw usage(spec, name + ": that is a file, not a directory; " + whatToDo);
        }
        Path blocked = fileInTheWay(dir);
        if (blocked != null) {
            throw usage(spec, name + ": cannot create the directory: " + blocked + " is a file, not a directory; "
                    + whatToDo);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw usage(spec, name + ": cannot create the directory: " + reason(e) + "; " + whatToDo);
        }
        try {
            Files.delete(Files.createTempFile(dir, ".bloomgate-write-check-", ".tmp"));
        } catch (IOException e) { // the probe's own name would only confuse: say it of the directory
            throw usage(spec, name + ": cannot create files in the directory: " + (e instanceof AccessDeniedException
                    ? "permission denied (this user may not write there)" : reason(e)) + "; " + whatToDo);
        }
    }

    /**
     * {@code file} can be written: not a directory, its directory exists or can be created (it is
     * created, as writing the file would), and the file can be created (then deleted again) or, if
     * it exists, opened for writing (its content is left as it is).
     */
    static void requireWritableFile(CommandSpec spec, String option, Path file, String whatToDo) {
        String name = option + " " + file;
        if (Files.isDirectory(file)) {
            throw usage(spec, name + ": that is a directory; pass a file name, e.g. " + option + " "
                    + file.resolve("bloomgate-demo.html"));
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Path blocked = fileInTheWay(parent);
            if (blocked != null) {
                throw usage(spec, name + ": cannot create its directory: " + blocked + " is a file, not a directory; "
                        + whatToDo);
            }
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                throw usage(spec, name + ": cannot create its directory: " + reason(e) + "; " + whatToDo);
            }
        }
        try {
            if (Files.exists(file)) {
                if (Files.isRegularFile(file)) { // not a device or pipe: opening those may block or act
                    Files.newOutputStream(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND).close();
                }
            } else {
                Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                Files.delete(file);
            }
        } catch (IOException e) {
            throw usage(spec, name + ": cannot write the file: " + reason(e) + "; " + whatToDo);
        }
    }

    /** The nearest existing ancestor of {@code path} if it is not a directory (so nothing can be created under it). */
    private static Path fileInTheWay(Path path) {
        for (Path p = path.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isDirectory(p) ? null : p;
            }
        }
        return null;
    }

    /**
     * What went wrong, in words: Java's file-system exceptions often carry only the path (an {@code
     * AccessDeniedException}'s message is the path and nothing else).
     */
    static String reason(IOException e) {
        if (!(e instanceof FileSystemException fse) || fse.getFile() == null) {
            return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        }
        String file = fse.getFile();
        if (e instanceof AccessDeniedException) {
            return "permission denied for " + file + " (this user may not write there)";
        }
        if (e instanceof NoSuchFileException) {
            Path parent = Path.of(file).toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                return "directory " + parent + " does not exist";
            }
            return file + " cannot be created (the file system says: no such file or directory)";
        }
        if (e instanceof FileAlreadyExistsException) {
            return file + " already exists";
        }
        if (e instanceof NotDirectoryException) {
            return file + " is not a directory";
        }
        return fse.getReason() != null ? file + ": " + fse.getReason() : e.getMessage();
    }

    private static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * The line that says what a {@code --db} directory now holds: the database files stay there
     * (gigabytes at the default sizes), which nothing else would tell the user.
     */
    static String keptDatabase(Path dir) {
        long bytes = 0;
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            bytes = files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException | java.io.UncheckedIOException e) {
            // the size is only informative
        }
        return String.format(java.util.Locale.ROOT, "  database files kept in %s: %,.1f GB (--db; delete the directory"
                + " when done, or pass it again with the same --urls and --seed to reuse the loaded table)",
                dir.toAbsolutePath().normalize(), bytes / 1e9);
    }
}
