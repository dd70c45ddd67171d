package io.bloomgate.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed Forwarding* delegates are exactly what their generator writes: a hand edit to a
 * generated file, or a generator change not regenerated, fails here.
 */
class GeneratedForwardersTest {

    @Test
    void theCommittedDelegatesAreTheGeneratorsOutput(@TempDir Path out) throws IOException {
        GenerateJdbcForwarders.main(new String[] {out.toString()});
        try (Stream<Path> files = Files.list(out)) {
            long compared = files.peek(generated -> {
                Path committed = GenerateJdbcForwarders.SOURCES.resolve(generated.getFileName());
                try {
                    assertThat(Files.readString(committed)).as("%s is generated: regenerate it with"
                            + " java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java", committed)
                            .isEqualTo(Files.readString(generated));
                } catch (IOException e) {
                    throw new AssertionError("missing generated file " + committed, e);
                }
            }).count();
            assertThat(compared).as("generated files").isGreaterThanOrEqualTo(6);
        }
    }
}
