package io.bloomgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.examples.sqlonly.SqlOnlyExample;
import java.util.Set;
import java.util.stream.Collectors;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** examples/sql-only-h2: the script's BLOOM_MAY_CONTAIN answers and verdicts are right, and it cleans up. */
class SqlOnlyExampleTest {

    @Test
    void theScriptsVerdictsAreRightAndMostDomainsNeedNoLookup() throws Exception {
        JdbcDataSource h2 = ExampleDatabases.h2("sqlonly");
        SqlOnlyExample.Result result = SqlOnlyExample.run(h2);

        assertThat(result.verdicts()).hasSize(2_001);
        Set<String> reallyBlocked = result.verdicts().stream().map(SqlOnlyExample.Verdict::domain)
                .filter(d -> d.equals("phish.example") || d.matches("spam\\d+\\.example"))
                .collect(Collectors.toSet());
        assertThat(reallyBlocked).hasSize(41);
        for (SqlOnlyExample.Verdict v : result.verdicts()) {
            boolean blocked = reallyBlocked.contains(v.domain());
            assertThat(v.blocked()).as("verdict on %s", v.domain()).isEqualTo(blocked);
            if (blocked) {
                assertThat(v.mayBeBlocked()).as("BLOOM_MAY_CONTAIN on a present key, %s", v.domain()).isTrue();
            }
        }
        long maybes = result.verdicts().stream().filter(SqlOnlyExample.Verdict::mayBeBlocked).count();
        // 1,960 clean domains at p = 0.1%: nearly all of them FALSE, so no lookup for them.
        assertThat(maybes).isBetween(41L, 61L);
        assertThat(result.state()).isEqualTo("READY");
        assertThat(result.lookups()).as("one BLOOM_MAY_CONTAIN call per domain").isEqualTo(2_001);
        assertThat(result.avoided()).isEqualTo(2_001 - maybes);
        assertThat(result.passedThrough()).isEqualTo(maybes);

        // The script ends with sql/h2/uninstall.sql: no trigger and no function is left.
        assertThat(ExampleDatabases.count(h2, "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TRIGGERS")).isZero();
        assertThat(ExampleDatabases.count(h2,
                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.ROUTINES WHERE ROUTINE_NAME LIKE 'BLOOM%'")).isZero();
        ExampleDatabases.shutdown(h2);
    }
}
