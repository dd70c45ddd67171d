package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The builder's errors name the guard, what was wrong and what to pass instead; a filter that
 * cannot be built is refused when the guard is configured, naming the table and column, not just
 * its sizes (the same for filters made later: {@code io.bloomgate.sync.GuardFilterErrorsTest}).
 */
class GuardArgumentsTest {

    private final DataSource h2 = H2Databases.memory();

    @Test
    void missingNamesSayWhichAndWhatToPass() {
        assertThatThrownBy(() -> BloomGate.builder(h2).guard(null, "email"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cannot guard null.email: the table name is null; pass the table's name as the database"
                        + " knows it (e.g. \"users\" or \"schema.users\")");
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("users", " ", 100, 0.01))
                .hasMessageContaining("Cannot guard users. : the column name is blank")
                .hasMessageContaining("pass the column's name");
    }

    @Test
    void sizesOutsideTheirDomainNameTheGuardAndTheValue() {
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("users", "id", 0, 0.01))
                .hasMessageContaining("Cannot guard users.id: expectedKeys must be at least 1, was 0")
                .hasMessageContaining("guard(table, column) to size the filter from the table");
        for (double bad : new double[] {0, 0.5, 0.7, 1, -0.1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> BloomGate.builder(h2).guard("users", "id", 100, bad))
                    .hasMessageContaining("Cannot guard users.id: the false-positive rate fpp must be above 0"
                            + " and below 0.5 (e.g. 0.01 for 1%), was " + bad);
        }
    }

    @Test
    void aFilterTooLargeOrATooSmallRateIsRefusedAtGuardNamingTheGuard() {
        // Before: "A filter for 9223372036854775807 keys ... needs ... bits" without the guard, from build().
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("orders", "id", Long.MAX_VALUE, 0.01))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cannot guard orders.id with expectedKeys " + Long.MAX_VALUE + " and fpp 0.01")
                .hasMessageContaining("16 GiB")
                .hasMessageContaining("lower the expected key count or raise the rate");
        // Before: "... needs Infinity bits ...".
        assertThatThrownBy(() -> BloomGate.builder(h2).guard("orders", "id", 1_000, 1e-300))
                .hasMessageContaining("Cannot guard orders.id with expectedKeys 1000 and fpp 1.0E-300")
                .hasMessageContaining("below what a blocked filter reaches")
                .hasMessageNotContaining("Infinity");
    }

    @Test
    void durationsSayWhatToPass() {
        assertThatThrownBy(() -> BloomGate.builder(h2).staleAfter(Duration.ofSeconds(-1)))
                .hasMessage("staleAfter must be positive, was PT-1S; pass e.g. Duration.ofSeconds(5)");
        assertThatThrownBy(() -> BloomGate.builder(h2).instanceTimeout(Duration.ZERO))
                .hasMessageContaining("instanceTimeout must be positive, was PT0S");
        assertThatThrownBy(() -> BloomGate.builder(h2).snapshotEvery(Duration.ofMillis(-1)))
                .hasMessageContaining("must not be negative").hasMessageContaining("Duration.ZERO");
    }
}
