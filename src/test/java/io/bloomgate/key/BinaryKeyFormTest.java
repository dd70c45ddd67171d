package io.bloomgate.key;

import static io.bloomgate.key.Keys.bytes;
import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Variable-length binary (VARBINARY/BYTEA): the bytes as they are. */
class BinaryKeyFormTest {

    private final KeyForm binary = KeyForms.binary();

    @Test
    void keyIsTheBytesThemselves() {
        assertThat(bytes(binary, new byte[] {1, 2, 3})).containsExactly(1, 2, 3);
        assertThat(bytes(binary, new byte[0])).isEmpty();
    }

    @Test
    void trailingZeroBytesMatter() {
        // No padding in variable-length binary: {1} and {1, 0} are different values.
        assertThat(bytes(binary, new byte[] {1})).isNotEqualTo(bytes(binary, new byte[] {1, 0}));
    }

    @Test
    void onlyByteArraysAreKeys() {
        assertThat(outcome(binary, "AQID")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(binary, ByteBuffer.wrap(new byte[] {1}))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(binary, new Byte[] {1})).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(binary, 1)).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void nullIsSqlNull() {
        assertThat(outcome(binary, null)).isEqualTo(Canonical.NULL);
    }

    @Test
    void describesItself() {
        assertThat(binary.describe()).isEqualTo("VARBINARY as raw bytes");
    }
}
