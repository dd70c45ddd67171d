package io.bloomgate.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.filter.FilterSpec;
import io.bloomgate.sync.GuardRequest.Spelling;
import org.junit.jupiter.api.Test;

/**
 * The one guard request behind the builder, the URL, Spring and {@code BLOOM_GUARD}: one rule, one
 * default sizing, errors in each surface's words. (Each surface's own errors: {@code
 * GuardArgumentsTest}, {@code GateUrlTest}, {@code SqlSurfaceTest}, {@code SpringBootGateTest}.)
 */
class GuardRequestTest {

    @Test
    void aFilterSizedFromTheTableHoldsHalfAsManyKeysAgainAndAtLeastTheMinimum() throws Exception {
        assertThat(GuardRequest.defaultExpectedKeys(0)).isEqualTo(FilterSpec.MIN_DEFAULT_KEYS);
        assertThat(GuardRequest.defaultExpectedKeys(-1)).as("no estimate").isEqualTo(FilterSpec.MIN_DEFAULT_KEYS);
        assertThat(GuardRequest.defaultExpectedKeys(20_000)).isEqualTo(30_000);
        assertThat(GuardRequest.defaultExpectedKeys(20_001)).isEqualTo(30_001);
        assertThat(GuardRequest.defaultExpectedKeys(Long.MAX_VALUE)).as("saturates").isEqualTo(Long.MAX_VALUE);

        GuardRequest unsized = new GuardRequest("users", "email", null, null);
        assertThat(unsized.spec(() -> 40_000)).isEqualTo(FilterSpec.of(60_000, FilterSpec.DEFAULT_FPP));
        GuardRequest sized = new GuardRequest("users", "email", 500L, 0.001);
        assertThat(sized.spec(() -> {
            throw new AssertionError("a sized request does not count the table's rows");
        })).isEqualTo(FilterSpec.of(500, 0.001));
    }

    @Test
    void theRateIsAboveZeroAndBelowOneHalfOnEverySurface() {
        // one rule with the command line's --fpp (issue 25: guard(..., 0.7) was accepted, --fpp 0.7 not)
        for (double bad : new double[] {0, 0.5, 0.7, 1, -0.1, 1.5, Double.NaN, Double.POSITIVE_INFINITY}) {
            for (Spelling surface : Spelling.values()) {
                assertThatThrownBy(() -> GuardRequest.of("users", "id", null, bad, surface))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("the false-positive rate fpp must be above 0 and below 0.5 (e.g. 0.01"
                                + " for 1%), was " + bad);
            }
        }
        assertThat(new GuardRequest("users", "id", null, 0.499).rate()).isEqualTo(0.499);
        assertThat(new GuardRequest("users", "id", null, null).rate()).isEqualTo(FilterSpec.DEFAULT_FPP);
    }

    @Test
    void errorsNameTheGuardTheValueAndWhatToDoInTheSurfacesWords() {
        assertThatThrownBy(() -> GuardRequest.of("users", "id", 0L, null, Spelling.JAVA))
                .hasMessage("Cannot guard users.id: expectedKeys must be at least 1, was 0; pass the number of keys"
                        + " the column will hold, or use guard(table, column) to size the filter from the table");
        assertThatThrownBy(() -> GuardRequest.of("users", "id", -5L, null, Spelling.SQL))
                .hasMessage("BLOOM_GUARD(users, id): expected_keys must be at least 1, was -5; pass the number of keys"
                        + " the column will hold, or pass NULL to size the filter from the table");
        assertThatThrownBy(() -> GuardRequest.of("users", "id", 0L, null, Spelling.PROPERTIES))
                .hasMessageContaining("expected-keys must be at least 1, was 0")
                .hasMessageContaining("leave expected-keys out");
        assertThatThrownBy(() -> GuardRequest.of("orders", "id", Long.MAX_VALUE, null, Spelling.SQL))
                .hasMessageContaining("BLOOM_GUARD(orders, id) with expected_keys " + Long.MAX_VALUE + " and fpp 0.01:")
                .hasMessageContaining("lower the expected key count or raise the rate");
        assertThatThrownBy(() -> new GuardRequest(null, "email", null, null))
                .hasMessage("Cannot guard null.email: the table name is null; pass the table's name as the database"
                        + " knows it (e.g. \"users\" or \"schema.users\")");
        assertThatThrownBy(() -> new GuardRequest("users", "", null, null))
                .hasMessageContaining("the column name is blank");
    }

    @Test
    void requestsAreValuesNamedByTheirColumn() {
        assertThat(new GuardRequest("sales.orders", "id", null, 0.001))
                .isEqualTo(GuardRequest.of("sales.orders", "id", null, 0.001, Spelling.PROPERTIES))
                .isNotEqualTo(new GuardRequest("sales.orders", "id", null, null))
                .hasToString("sales.orders.id");
    }
}
