package io.bloomgate.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed Forwarding* delegates are exactly what their generator writes: a hand edit to a
 * generated file, or a generator change not regenerated, fails here. And generated code lives in
 * its own source folder, where a reader sees at once that it is generated.
 */
class GeneratedForwardersTest {

    private static final String MARK = "// GENERATED";

    @Test
    void theCommittedDelegatesAreTheGeneratorsOutput(@TempDir Path out) throws IOException {
        GenerateJdbcForwarders.main(new String[] {out.toString()});
        try (Stream<Path> files = Files.list(out)) {
            long compared = files.peek(generated -> {
                Path committed = GenerateJdbcForwarders.SOURCES.resolve(generated.getFileName());
                try {
                    assertThat(Files.readString(committed)).as("%s is generated: regenerate it with `%s`"
                            + " from the repository root", committed, GenerateJdbcForwarders.COMMAND)
                            .isEqualTo(Files.readString(generated));
                } catch (IOException e) {
                    throw new AssertionError("missing generated file " + committed, e);
                }
            }).count();
            assertThat(compared).as("generated files").isGreaterThanOrEqualTo(6);
        }
    }

    @Test
    void generatedSourcesLiveOnlyInTheGeneratedSourceFolder() throws IOException {
        assertThat(GenerateJdbcForwarders.SOURCES).startsWith(Path.of("src/generated/java"));
        assertThat(javaFiles(Path.of("src/main/java")).stream().filter(GeneratedForwardersTest::generated))
                .as("generated files among the hand-written sources (move them to src/generated/java)")
                .isEmpty();
        assertThat(javaFiles(Path.of("src/generated/java"))).isNotEmpty()
                .allSatisfy(f -> assertThat(generated(f)).as("%s starts with %s", f, MARK).isTrue());
    }

    @Test
    void theHeaderNamesTheRealGeneratorAndItsCommand() throws IOException {
        // The header once named tools/GenerateJdbcForwarders.java, a path that did not exist.
        assertThat(Path.of(GenerateJdbcForwarders.GENERATOR)).isRegularFile();
        assertThat(GenerateJdbcForwarders.COMMAND).isEqualTo("java " + GenerateJdbcForwarders.GENERATOR);
        for (Path f : javaFiles(Path.of("src/generated/java"))) {
            String header = Files.readString(f).lines().limit(3).collect(Collectors.joining("\n"));
            assertThat(header).as(f.toString())
                    .contains(" by " + GenerateJdbcForwarders.GENERATOR + ".")
                    .contains("`" + GenerateJdbcForwarders.COMMAND + "`");
        }
    }

    private static List<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
    }

    private static boolean generated(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.findFirst().orElse("").startsWith(MARK);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
