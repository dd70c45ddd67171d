package io.bloomgate.fuzz;

import java.math.BigDecimal;
import java.sql.Connection;
import java.util.UUID;
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

    /** A string compared with a UUID column must be a UUID for H2 to accept it (22018 otherwise). */
    @Test
    void fuzzH2Seed21Episode12Step215() throws Exception {
        Replay.on(Target.h2(), "UUID")
                .query(new Step.Exec(true, false, 1, 0), "SELECT t_uuid.v AS \"Val\", v FROM t_uuid WHERE k = ? AND k = ? AND v = 7 ORDER BY s", Binding.setObject(UUID.fromString("00000000-1234-0000-0000-000000000642")), Binding.setObject(UUID.fromString("00000000-1234-0000-0000-000000000642")))
                .query("SELECT t_uuid.v AS \"Val\", v FROM t_uuid WHERE k = ? AND k = ? AND v = 7 ORDER BY s", Binding.setObject(UUID.fromString("00000000-1234-0002-0000-00000000034b")), Binding.setString(""))
                .assertAgrees();
    }

    /** A qualified guarded table joined to an unqualified one: the session's schema decides what is joined. */
    @Test
    void fuzzH2Seed21Episode13Step83() throws Exception {
        Replay.on(Target.h2(), "VARBINARY")
                .sql("USE {alt}")
                .query("SELECT * FROM {main}.t_varbinary a JOIN t_varbinary b ON a.v = b.v WHERE a.k = ?", Binding.setBytes(new byte[] {5, 106}))
                .assertAgrees();
    }

    /** START TRANSACTION ISOLATION LEVEL after lookups the gate answered in the open transaction. */
    @Test
    void fuzzPostgreSQLSeed21Episode2Step262() throws Exception {
        Replay.on(Target.postgres(), "varchar", "char", "numeric(12,2)", "mixed")
                .query(new Step.Exec(false, true, 0, 0), "SELECT a.k AS ak, b.v AS bv FROM \"Mixed_Keys\" a LEFT JOIN t_varchar b ON a.v = b.v WHERE a.\"k\" = ? ORDER BY b.k LIMIT 3", Binding.setString("mixed-1233"))
                .autoCommit(false)
                .query(new Step.Exec(false, false, 2, 0), "SELECT a.k AS ak, b.v AS bv FROM t_char a JOIN T_NUMERIC_12_2 b ON a.v = b.v WHERE a.k = ? ORDER BY b.k LIMIT 3", Binding.setObject("C921228"))
                .sql("START TRANSACTION ISOLATION LEVEL SERIALIZABLE")
                .assertAgrees();
    }

    /** Switched to REPEATABLE READ mid-transaction: what ran before under READ COMMITTED took no snapshot. */
    @Test
    void fuzzH2Seed31Episode23Step268() throws Exception {
        Replay.on(Target.h2(), "INT")
                .autoCommit(false)
                .query("SELECT * FROM t_int WHERE CAST(? AS VARCHAR) = k AND s <> 'none' AND t_int.v >= ? LIMIT ?", Binding.setLong(9223372036854775807L), Binding.setInt(3), Binding.setInt(1))
                .isolation(Connection.TRANSACTION_REPEATABLE_READ)
                .query("SELECT * FROM t_int WHERE k = ?", Binding.setInt(1179))
                .insert("INT", 443L, true)
                .query("SELECT * FROM t_int")
                .assertAgrees();
    }

    /** In auto-commit mode nothing refuses an isolation change, whatever SQL text mentioned transactions. */
    @Test
    void fuzzPostgreSQLSeed41Episode6Step50() throws Exception {
        Replay.on(Target.postgres(), "mixed")
                .sql("SET default_transaction_isolation = 'repeatable read'")
                .firstQuery("SELECT v, COUNT(*) AS agg FROM \"Mixed_Keys\" WHERE v BETWEEN ? AND 100 AND k = ? AND (v IS NOT NULL OR v NOT IN (?, ?)) GROUP BY v OFFSET ? ROWS", Binding.setInt(6), Binding.setString("mixed-1977"), Binding.setInt(3), Binding.setInt(0), Binding.setBigDecimal(new BigDecimal("0.00")))
                .query("SELECT (s || 'x'), \"v\", k FROM \"Mixed_Keys\" WHERE k = ?", Binding.setString("mixed-1764"))
                .isolation(Connection.TRANSACTION_READ_COMMITTED)
                .assertAgrees();
    }

    /** END as SQL text ends the transaction the answered lookup began: nothing refuses an isolation change after it. */
    @Test
    void fuzzPostgreSQLSeed51Episode80Step153() throws Exception {
        Replay.on(Target.postgres(), "text")
                .autoCommit(false)
                .query(new Step.Exec(false, false, 0, 0), "SELECT (SELECT 1 FROM t_text WHERE k = 'Key-1283652') AS e")
                .sql("END")
                .isolation(Connection.TRANSACTION_REPEATABLE_READ)
                .assertAgrees();
    }

    /** A SET inside a transaction that then ends aborted (rolled back) is undone: the session is read again. */
    @Test
    void fuzzPostgreSQLSeed51Episode81Step216() throws Exception {
        Replay.on(Target.postgres(), "bigint", "text", "char", "numeric", "uuid", "bytea", "mixed")
                .sql("SET search_path = {alt}")
                .query(new Step.Exec(true, true, 0, 0), "SELECT (SELECT 1 FROM t_uuid a WHERE a.k = ?) AS e", Binding.setObject(UUID.fromString("00000000-1234-0001-0000-000000000540")))
                .query("/* it's */ SELECT /*+ hint */ k AS key_alias FROM t_numeric WHERE s <> 'none' AND k = ?::numeric", Binding.setBigDecimal(new BigDecimal("72.30")))
                .autoCommit(false)
                .sql("SET SESSION search_path TO DEFAULT")
                .firstQuery(new Step.Exec(false, true, 0, 1), "SELECT a.v, v AS \"Val\", LENGTH(s) FROM t_bytea a WHERE NOT (\"k\" = ?)", Binding.setBytes(new byte[] {7, 23, 0}))
                .insert("mixed", 402L, true)
                .query("SELECT * FROM \"Mixed_Keys\" WHERE k = ?", Binding.setString("mixed-1206"))
                .query("SELECT * FROM (SELECT COALESCE(s, 'none') AS s_or_none FROM {main}.t_bytea a WHERE ? = k) sub WHERE sub.v IS NOT NULL", Binding.setObject(new byte[] {5, -93, 0}))
                .query(new Step.Exec(false, true, 0, 0), "SELECT DISTINCT LENGTH(s), t_char.v AS \"Val\" FROM t_char WHERE t_char.k = ?::bpchar", Binding.setBoolean(false))
                .query("SELECT a.v, v AS \"Val\", LENGTH(s) FROM t_bytea a WHERE NOT (\"k\" = ?)", Binding.setBytes(new byte[] {124, -104}))
                .autoCommit(true)
                .query("SELECT LENGTH(s) FROM t_text WHERE k = ?", Binding.setString("Key-182871 "))
                .query(new Step.Exec(false, false, 0, 0), "SELECT * FROM (SELECT NULL, a.\"v\" AS \"Val\" FROM t_bigint a WHERE 696000002545 = k AND v = 1) sub")
                .query("SELECT * FROM t_numeric WHERE k = ?", Binding.setBigDecimal(new BigDecimal("150.900")))
                .assertAgrees();
    }
}
