package io.bloomgate.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.key.KeyForm;
import io.bloomgate.key.KeyForms;
import io.bloomgate.sql.GuardedTable;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every way into a filter meets every way out: a key added from a trigger's row value, a scanned
 * column, a batch row's hash or canonical bytes is found by a lookup's probe of the bound value,
 * and a value with no canonical form is never added. Keys not added stay absent (fixed seed, a
 * 1,000-key filter at 1% holding a handful of keys: no false positive among the few probed).
 */
class KeyFunnelTest {

    private static Guard guard(JDBCType type, KeyForm form) {
        Guard g = new Guard(new GuardedTable("PUBLIC", "T", "K", List.of("K")), form, type,
                Map.of("K", ColumnType.of(type)), FilterSpec.of(1_000, 0.01));
        g.ready(0);
        return g;
    }

    private static boolean probe(Guard guard, Object bound) {
        KeyBuffer buffer = new KeyBuffer();
        Canonical canonical = bound instanceof Long l ? KeyFunnel.canonicalLong(guard, l, buffer)
                : KeyFunnel.canonical(guard, bound, buffer);
        assertThat(canonical).as("probe of %s", bound).isEqualTo(Canonical.EXACT);
        return KeyFunnel.mightContain(guard, buffer);
    }

    @Test
    void oneIntegerTestForEveryIntegerType() {
        for (JDBCType type : JDBCType.values()) {
            boolean integer = type == JDBCType.TINYINT || type == JDBCType.SMALLINT || type == JDBCType.INTEGER
                    || type == JDBCType.BIGINT;
            assertThat(KeyFunnel.isInteger(type)).as(type.getName()).isEqualTo(integer);
            assertThat(ColumnType.of(type).isInteger()).as(type.getName()).isEqualTo(integer);
        }
        assertThat(guard(JDBCType.INTEGER, KeyForms.integer()).keyIsInteger()).isTrue();
        assertThat(guard(JDBCType.VARCHAR, KeyForms.varchar(20)).keyIsInteger()).isFalse();
    }

    @Test
    void integerRowValuesAreFoundByEveryBindingOfTheKey() {
        Guard guard = guard(JDBCType.INTEGER, KeyForms.integer());
        KeyBuffer scratch = new KeyBuffer();
        assertThat(KeyFunnel.addValue(guard, 5, scratch)).isTrue(); // a trigger's Integer row value
        assertThat(KeyFunnel.addValue(guard, (short) 6, scratch)).isTrue();
        assertThat(probe(guard, 5L)).as("setLong").isTrue();
        assertThat(probe(guard, 5)).as("setObject(Integer)").isTrue();
        assertThat(probe(guard, new java.math.BigDecimal("6"))).as("setBigDecimal").isTrue();
        assertThat(probe(guard, 7L)).as("never added").isFalse();
        assertThat(guard.counters().keysAdded()).isEqualTo(2);
    }

    @Test
    void nullsAndValuesWithoutACanonicalFormAreNotAdded() {
        Guard text = guard(JDBCType.VARCHAR, KeyForms.varchar(20));
        KeyBuffer scratch = new KeyBuffer();
        assertThat(KeyFunnel.addValue(text, null, scratch)).isFalse();
        assertThat(KeyFunnel.addValue(text, "nul\0inside", scratch)).isFalse();
        assertThat(KeyFunnel.addValue(text, "abc", scratch)).isTrue();
        assertThat(text.counters().keysAdded()).isEqualTo(1);
        assertThat(probe(text, "abc")).isTrue();
        assertThat(probe(text, "abd")).isFalse();
    }

    @Test
    void batchHashesAndLiteralBytesMeetTheProbes() {
        Guard guard = guard(JDBCType.VARCHAR, KeyForms.varchar(20));
        KeyBuffer buffer = new KeyBuffer();
        KeyFunnel.canonical(guard, "batched", buffer);
        guard.addHash(KeyFunnel.hash(guard, buffer)); // a batch row, added when the batch runs
        KeyFunnel.canonical(guard, "literal", buffer);
        byte[] literal = buffer.toByteArray(); // a plan's literal key
        assertThat(KeyFunnel.hash(guard, literal)).isEqualTo(KeyFunnel.hash(guard, buffer));
        KeyFunnel.add(guard, literal);
        assertThat(probe(guard, "batched")).isTrue();
        assertThat(probe(guard, "literal")).isTrue();
        assertThat(KeyFunnel.mightContain(guard, literal)).isTrue();
        assertThat(probe(guard, "other")).isFalse();
    }

    @Test
    void scannedColumnsMeetTheProbesThroughTheGuardOrIntoARebuiltFilter() throws SQLException {
        Guard integer = guard(JDBCType.BIGINT, KeyForms.bigint());
        Guard text = guard(JDBCType.VARCHAR, KeyForms.varchar(20));
        BloomFilter rebuilt = integer.beginRebuild(integer.rebuildSpec());
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:funnel");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM (VALUES (CAST(11 AS BIGINT), 'eleven'),"
                        + " (CAST(NULL AS BIGINT), CAST(NULL AS VARCHAR)), (CAST(12 AS BIGINT), 'twelve')) AS v(k, t)")) {
            KeyBuffer scratch = new KeyBuffer();
            int added = 0;
            while (rs.next()) {
                added += KeyFunnel.addColumn(rs, 1, integer, null, scratch) ? 1 : 0;
                KeyFunnel.addColumn(rs, 1, integer, rebuilt, scratch);
                KeyFunnel.addColumn(rs, 2, text, null, scratch);
            }
            assertThat(added).as("NULL skipped").isEqualTo(2);
        }
        assertThat(probe(integer, 11L)).isTrue();
        assertThat(probe(integer, 12)).isTrue();
        assertThat(probe(integer, 13L)).isFalse();
        assertThat(probe(text, "twelve")).isTrue();
        integer.finishRebuild(integer.rebuildSpec(), 2, integer.unsyncCount());
        assertThat(probe(integer, 11L)).as("the rebuilt filter holds the scanned keys").isTrue();
        assertThat(probe(integer, 12L)).isTrue();
    }

    /**
     * The trigger's per-row add fetches scratch space only for keys that need it: an integer key is
     * added without it (its thread-local lookup was ~7% of the trigger's own time, issue 24), a
     * string key with it, and both are found.
     */
    @Test
    void anIntegerRowValueIsAddedWithoutFetchingScratchSpace() {
        Guard integers = guard(JDBCType.BIGINT, KeyForms.integer());
        int[] fetched = {0};
        java.util.function.Supplier<KeyBuffer> counting = () -> {
            fetched[0]++;
            return new KeyBuffer();
        };
        assertThat(KeyFunnel.addValue(integers, 42L, counting)).isTrue();
        assertThat(KeyFunnel.addValue(integers, 7, counting)).isTrue();
        assertThat(fetched[0]).as("scratch fetched for integer keys").isZero();
        assertThat(probe(integers, 42L)).isTrue();
        assertThat(probe(integers, 7L)).isTrue();
        Guard strings = guard(JDBCType.VARCHAR, KeyForms.varchar(20));
        assertThat(KeyFunnel.addValue(strings, "a key", counting)).isTrue();
        assertThat(fetched[0]).isEqualTo(1);
        assertThat(probe(strings, "a key")).isTrue();
        assertThat(KeyFunnel.addValue(strings, null, counting)).isFalse();
        assertThat(fetched[0]).as("NULL needs none either").isEqualTo(1);
    }
}
