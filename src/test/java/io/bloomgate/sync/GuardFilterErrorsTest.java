package io.bloomgate.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.filter.FilterLayout;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.key.KeyForms;
import io.bloomgate.sql.GuardedTable;
import java.sql.JDBCType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A filter that cannot be made (too large, a rate no filter reaches) is refused naming the guard it
 * was for and what to do, wherever a guard makes one: built from the table's size (which the
 * builder cannot check in advance), by {@code BLOOM_GUARD}, or by a rebuild sized for growth.
 */
class GuardFilterErrorsTest {

    private static final GuardedTable ORDERS = new GuardedTable("PUBLIC", "ORDERS", "ID", List.of("ID"));

    private static Guard guard(FilterSpec spec) {
        return new Guard(ORDERS, KeyForms.bigint(), JDBCType.BIGINT, Map.of("ID", io.bloomgate.sync.ColumnType.of(JDBCType.BIGINT)), spec);
    }

    @Test
    void aNewGuardsFilterErrorNamesTheGuardItsSizingAndWhatToDo() {
        // Before: "A filter for 9223372036854775807 keys ..." with no table or column in it.
        assertThatThrownBy(() -> guard(FilterSpec.of(Long.MAX_VALUE, 0.01)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot build the filter of the guard on PUBLIC.ORDERS.ID"
                        + " (9,223,372,036,854,775,807 expected keys, false-positive rate 0.01): a filter for")
                .hasMessageContaining("16 GiB")
                .hasMessageContaining("Guard it with fewer expected keys or a higher rate"
                        + " (BloomGate.Builder.guard(table, column, expectedKeys, fpp)");
        assertThatThrownBy(() -> guard(FilterSpec.of(1_000, 1e-300)))
                .hasMessageContaining("guard on PUBLIC.ORDERS.ID (1,000 expected keys, false-positive rate 1.0E-300)")
                .hasMessageContaining("below what a blocked filter reaches");
    }

    @Test
    void aRebuildThatCannotMakeItsFilterSaysSoAndKeepsTheCurrentOne() {
        Guard guard = guard(FilterSpec.of(1_000, 0.01));
        FilterSpec grown = new FilterSpec(FilterLayout.BLOCKED, Long.MAX_VALUE / 2, 0.01, guard.spec().seed());
        assertThatThrownBy(() -> guard.beginRebuild(grown))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cannot build the filter of the guard on PUBLIC.ORDERS.ID")
                .hasMessageContaining("A rebuild sizes the filter for twice the keys the table holds")
                .hasMessageContaining("the current filter keeps answering");
        assertThat(guard.rebuilding()).isFalse();
        assertThat(guard.spec().expectedKeys()).isEqualTo(1_000);
    }
}
