package io.bloomgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.PostgresServer;
import io.bloomgate.examples.twoinstances.TwoInstancesExample;
import io.bloomgate.stats.GuardState;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * examples/two-instances-postgres, on the tests' PostgreSQL server (BLOOMGATE_PG_URL, else a
 * container, else skipped): B sees A's write and raw writes through its change feed, well within
 * staleAfter, and afterwards answers every key as the database does.
 */
class TwoInstancesExampleTest {

    @Test
    void instanceBSeesInstanceAsWritesAndThenAnswersLikeTheDatabase() throws Exception {
        PGSimpleDataSource pg = PostgresServer.dataSource();
        String table = "ex_two_instances_" + Long.toHexString(System.nanoTime());
        TwoInstancesExample.Result result = TwoInstancesExample.run(pg, table);

        assertThat(result.aFoundItsWriteAtOnce()).isTrue();
        assertThat(result.bFoundAsWriteAfterMillis()).as("the change feed, not staleAfter's pass-through")
                .isLessThan(5_000);
        assertThat(result.bFoundRawWritesAfterMillis()).isLessThan(5_000);
        assertThat(result.keysCompared()).isEqualTo(10_201);
        assertThat(result.bWrongAnswers()).isZero();
        assertThat(result.bStats().state()).isEqualTo(GuardState.READY);
        assertThat(result.bStats().avoided()).as("B still answers absent keys from its filter").isGreaterThan(4_000);
        // The example drops what it created.
        assertThat(ExampleDatabases.count(pg, "SELECT COUNT(*) FROM pg_class WHERE relname = '" + table + "'"))
                .isZero();
        assertThat(ExampleDatabases.count(pg,
                "SELECT COUNT(*) FROM bloomgate.guards WHERE table_name = '" + table + "'")).isZero();
    }
}
