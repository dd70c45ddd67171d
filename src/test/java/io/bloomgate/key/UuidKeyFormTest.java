package io.bloomgate.key;

import static io.bloomgate.key.Keys.bytes;
import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/architecture.md section 3, UUID: 16 bytes, whatever the input case. */
class UuidKeyFormTest {

    private static final String TEXT = "123e4567-e89b-12d3-a456-426614174000";
    private static final UUID ID = UUID.fromString(TEXT);

    private final KeyForm uuid = KeyForms.uuid();

    @Test
    void keyIsSixteenBigEndianBytes() {
        byte[] expected = ByteBuffer.allocate(16)
                .putLong(ID.getMostSignificantBits()).putLong(ID.getLeastSignificantBits()).array();
        assertThat(bytes(uuid, ID)).isEqualTo(expected);
        assertThat(bytes(uuid, ID)).containsExactly(
                0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00);
    }

    @Test
    void textInAnyCaseIsTheSameKey() {
        byte[] expected = bytes(uuid, ID);
        for (String s : List.of(TEXT, TEXT.toUpperCase(), "123E4567-e89B-12D3-a456-426614174000")) {
            assertThat(bytes(uuid, s)).as(s).isEqualTo(expected);
        }
    }

    @Test
    void differentUuidsGiveDifferentBytes() {
        assertThat(bytes(uuid, "123e4567-e89b-12d3-a456-426614174001")).isNotEqualTo(bytes(uuid, ID));
        assertThat(bytes(uuid, new UUID(0, 0))).containsOnly(0);
        assertThat(bytes(uuid, "ffffffff-ffff-ffff-ffff-ffffffffffff")).isEqualTo(bytes(uuid, new UUID(-1, -1)));
    }

    /** Spellings some databases accept but the standard form does not: let the database parse them. */
    @ParameterizedTest
    @ValueSource(strings = {"123e4567e89b12d3a456426614174000", "{123e4567-e89b-12d3-a456-426614174000}",
        " 123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-426614174000 ",
        "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000", "123e4567-e89b-12d3-a456_426614174000",
        "123e4567-e89b-12d3a-456-426614174000", "123e4567-e89b-12d3-a456-42661417400g", "1-2-3-4-5", "",
        "123e4567-e89b-12d3-a456-42661417400\uFF10", "urn:uuid:123e4567-e89b-12d3-a456-426614174000"})
    void otherSpellingsAreNotExact(String text) {
        assertThat(outcome(uuid, text)).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void bytesAndOtherTypesAreNotExact() {
        assertThat(outcome(uuid, bytes(uuid, ID))).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(uuid, 42)).isEqualTo(Canonical.NOT_EXACT);
    }

    @Test
    void nullIsSqlNull() {
        assertThat(outcome(uuid, null)).isEqualTo(Canonical.NULL);
    }

    @Test
    void describesItself() {
        assertThat(uuid.describe()).isEqualTo("UUID as 16 bytes");
    }
}
