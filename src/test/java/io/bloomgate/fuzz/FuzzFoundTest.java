package io.bloomgate.fuzz;

import java.math.BigDecimal;
import java.sql.Connection;
import org.junit.jupiter.api.Test;

/** Cases the fuzzer found, kept as they were printed: each failed once. */
class FuzzFoundTest {

    /** A replayed row on empty input: wasNull() past the end is the last value's, as the driver's. */
    @Test
    void fuzzH2Seed2Episode1Step21() throws Exception {
        Replay.on(Target.h2(), "VARCHAR")
                .query("SELECT MAX(a.v) FROM t_varchar a WHERE a.k = ?", Binding.setString("Key-2660040"))
                .assertAgrees();
    }

    /** A count whose key is absent answers the database's one row (0), whatever ran before. */
    @Test
    void fuzzH2Seed11Episode6Step131() throws Exception {
        Replay.on(Target.h2(), "BIGINT")
                .query("SELECT COUNT(*) AS agg FROM t_bigint a WHERE a.k = ?", Binding.setLong(-570918002093359L))
                .assertAgrees();
    }

    /** Metadata is copied only from an execution whose names resolved as at build (not after SET SCHEMA). */
    @Test
    void fuzzH2Seed11Episode3Step152() throws Exception {
        Replay.on(Target.h2(), "DECIMAL")
                .sql("SET SCHEMA {alt}")
                .firstQuery("SELECT t1.v, MIN(s) AS agg FROM \"T_DECIMAL\" t1 WHERE t1.k = ? GROUP BY v ORDER BY v DESC", Binding.setBigDecimal(new BigDecimal("258549.0")))
                .reconnect()
                .query("SELECT t1.v, MIN(s) AS agg FROM \"T_DECIMAL\" t1 WHERE t1.k = ? GROUP BY v ORDER BY v DESC", Binding.setBigDecimal(new BigDecimal("236788.800")))
                .assertAgrees();
    }

    /** pgjdbc refuses an isolation change inside a transaction that only answered lookups began. */
    @Test
    void fuzzPostgreSQLSeed11Episode6Step142() throws Exception {
        Replay.on(Target.postgres(), "integer", "char", "mixed")
                .autoCommit(false)
                .query(new Step.Exec(false, false, 1, 5), "SELECT UPPER(s), \"k\", v FROM t_int WHERE k = ? AND NOT (v = ?) LIMIT ?\n", Binding.setInt(1534422), Binding.setInt(6), Binding.setInt(3))
                .rollback()
                .query("SELECT * FROM t_char WHERE ? = k ORDER BY \"k\"", Binding.setString("C981"))
                .insert("mixed", 508L, false)
                .isolation(Connection.TRANSACTION_READ_COMMITTED)
                .assertAgrees();
    }
}
