package io.bloomgate.fuzz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.Types;
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

    /**
     * The gate passed the last lookup through (the role moved the search path); only the direct
     * connection had executed the text often enough for pgjdbc to server-prepare it, against the main
     * table, and in the transaction PostgreSQL refused it (0A000, "cached plan must not change result
     * type"). The compared sessions now heal it alike (see {@link PostgresTarget#configureSession}).
     */
    @Test
    void fuzzPostgreSQLSeed61Episode21Step184() throws Exception {
        Replay.on(Target.postgres(), "varchar")
                .query(new Step.Exec(false, false, 1, 0), "SELECT SUM(v) AS agg, MIN(k) FROM T_VARCHAR WHERE k = ?", Binding.setBoolean(true))
                .query("SELECT SUM(v) AS agg, MIN(k) FROM T_VARCHAR WHERE k = ?", Binding.setString("key-1734"))
                .query(new Step.Exec(false, true, 0, 0), "SELECT SUM(v) AS agg, MIN(k) FROM T_VARCHAR WHERE k = ?", Binding.setDouble(1.5))
                .query(new Step.Exec(false, false, 0, 10), "SELECT SUM(v) AS agg, MIN(k) FROM T_VARCHAR WHERE k = ?", Binding.setString("key-1713"))
                .query("SELECT SUM(v) AS agg, MIN(k) FROM T_VARCHAR WHERE k = ?", Binding.setString("key-2621460"))
                .autoCommit(false)
                .sql("SET LOCAL ROLE bloomgate_fuzz")
                .query("SELECT SUM(v) AS agg, MIN(k) FROM T_VARCHAR WHERE k = ?", Binding.setString("key-1316640"))
                .assertAgrees();
    }

    /** As the case above, the search path moved by set_config. */
    @Test
    void fuzzPostgreSQLSeed61Episode35Step212() throws Exception {
        Replay.on(Target.postgres(), "bytea")
                .query("SELECT * FROM t_bytea WHERE k = ?", Binding.setBytes(new byte[] {50, -121, 0}))
                .query("SELECT * FROM t_bytea WHERE k = ?", Binding.setBytes(new byte[] {127, -59}))
                .firstQuery("SELECT * FROM t_bytea WHERE k = ?", Binding.setString("+\u0003B"))
                .query(new Step.Exec(false, true, 0, 0), "SELECT * FROM t_bytea WHERE k = ?", Binding.setBytes(new byte[] {4, 17}))
                .firstQuery(new Step.Exec(false, false, 1, 0), "SELECT * FROM t_bytea WHERE k = ?", Binding.setBytes(new byte[] {6, 96}))
                .sql("SELECT set_config('search_path', '{alt}', false)")
                .autoCommit(false)
                .query("SELECT * FROM t_bytea WHERE k = ?", Binding.setBytes(new byte[] {1, -38}))
                .assertAgrees();
    }

    /**
     * Not the gate: BEGIN opened a block that commit() (refused under autocommit) left open, so the
     * direct session held the row it locked FOR UPDATE and the gated one waited for it (55P03). The
     * runner no longer runs locking reads while a compared session may be in a transaction.
     */
    @Test
    void fuzzPostgreSQLSeed61Episode78Step293() throws Exception {
        Replay.on(Target.postgres(), "integer", "bigint", "text", "varchar", "char", "numeric(12,2)", "numeric", "uuid", "bytea", "mixed")
                .query("SELECT * FROM t_numeric WHERE \"k\" IN (?, ?, ?, ?)", Binding.setString("217773.0"), Binding.setObject(new BigDecimal("91.20")), Binding.setString("191.4000"), Binding.setBigDecimal(new BigDecimal("101871.600")))
                .query(new Step.Exec(false, true, 0, 0), "SELECT a.k AS ak, b.v AS bv FROM t_int a INNER JOIN {alt}.t_numeric_12_2 b ON a.v = b.v WHERE a.\"k\" = ? ORDER BY b.k LIMIT 3", Binding.setInt(2023185))
                .query("SELECT * FROM t_numeric WHERE \"k\" IN (?, ?, ?, ?)", Binding.setObject(new BigDecimal("207.91")), Binding.setNull(Types.VARCHAR), Binding.setBigDecimal(new BigDecimal("22.80")), Binding.setObject(new BigDecimal("49.80"), Types.NUMERIC))
                .reconnect()
                .query(new Step.Exec(false, false, 0, 1), "SELECT {main}.t_uuid.k AS key_alias FROM {main}.t_uuid WHERE '00000000-1234-0002-0000-0000000006e1' = k ORDER BY {main}.t_uuid.v DESC, k LIMIT 1")
                .query("/* nested /* ? */ comment */ SELECT /* ? */ * FROM t_int WHERE k = CAST(? AS smallint)", Binding.setInt(1376157))
                .query(new Step.Exec(false, true, 0, 0), "SELECT * FROM t_text WHERE k = ? ORDER BY v DESC, k", Binding.setObject(" Key-24"))
                .query("SELECT * FROM t_text WHERE k = ?::CHAR(8)", Binding.setString("Key-156   "))
                .query(new Step.Exec(false, true, 0, 0), "SELECT a.k AS ak, b.v AS bv FROM t_int a INNER JOIN {alt}.t_numeric_12_2 b ON a.v = b.v WHERE a.\"k\" = ? ORDER BY b.k LIMIT 3", Binding.setObject("363", Types.BIGINT))
                .query(new Step.Exec(true, false, 1, 0), "SELECT (t_char.s || 'x'), COALESCE(s, 'none') AS s_or_none FROM t_char WHERE k = ?", Binding.setBytes(new byte[] {67, 49, 55, 51, 52}))
                .query(new Step.Exec(false, false, 2, 0), "SELECT LENGTH(\"s\") FROM t_bigint WHERE k = ? OR k = ?", Binding.setLong(1316211004826100L), Binding.setLong(771000002820L))
                .sql("SELECT set_config('search_path', '{alt}', false)")
                .query("SELECT * FROM t_numeric WHERE \"k\" IN (?, ?, ?, ?) FOR UPDATE", Binding.setBigDecimal(new BigDecimal("25.2")), Binding.setBigDecimal(new BigDecimal("204.90000")), Binding.setBigDecimal(new BigDecimal("89.1")), Binding.setBigDecimal(new BigDecimal("155960.1")))
                .query("SELECT * FROM t_numeric WHERE \"k\" IN (?, ?, ?, ?) FOR UPDATE", Binding.setBigDecimal(new BigDecimal("149.4")), Binding.setBigDecimal(new BigDecimal("91.20")), Binding.setBigDecimal(new BigDecimal("91.201")), Binding.setFloat(1.5f))
                .query("/* nested /* ? */ comment */ SELECT (SELECT 1 FROM t_text WHERE k = ?) AS e", Binding.setString("Key-1368"))
                .sql("ROLLBACK")
                .insert("numeric", 304L, true)
                .query("SELECT 1 AS one FROM t_numeric_12_2 a WHERE k = ? HAVING COUNT(*) >= 0 ;", Binding.setLong(Long.MIN_VALUE))
                .firstQuery("SELECT * FROM t_text WHERE k = ? ORDER BY v DESC, k", Binding.setLong(Long.MIN_VALUE))
                .query("SELECT DISTINCT x.s, x.k, ? AS p FROM \"Mixed_Keys\" x WHERE x.k = ?", Binding.setString("a\u0000b"), Binding.setString("mixed-402540"))
                .query(new Step.Exec(false, false, 2, 0), "SELECT (t_char.s || 'x'), COALESCE(s, 'none') AS s_or_none FROM t_char WHERE k = ?", Binding.setString("C156"))
                .firstQuery(new Step.Exec(true, true, 0, 0), "SELECT a.k AS ak, b.v AS bv FROM {main}.t_char a JOIN t_numeric_12_2 b ON a.\"v\" = b.v WHERE a.k = CAST(? AS VARCHAR(9)) ORDER BY b.k LIMIT 3", Binding.setString("C894"))
                .query(new Step.Exec(true, false, 2, 0), "SELECT (s || 'x'), k, ? AS p FROM {main}.t_numeric WHERE k IN (?, ?::numeric, ?, ?) AND NOT (\"v\" = ?)", Binding.setString("x6"), Binding.setObject(new BigDecimal("104.4"), Types.NUMERIC), Binding.setBigDecimal(new BigDecimal("91.20")), Binding.setBigDecimal(new BigDecimal("6.900")), Binding.setString("87.0000"), Binding.setInt(7))
                .insert("bigint", 310L, true)
                .insert("mixed", 528L, true)
                .query("SELECT (SELECT s FROM {main}.t_bytea WHERE k = ?) AS s, 1 AS one", Binding.setBytes(new byte[] {-18, -13, 0}))
                .query("SELECT DISTINCT k FROM t_numeric WHERE NOT (v BETWEEN ? AND 100) AND k = ? ORDER BY t_numeric.s", Binding.setInt(6), Binding.setDouble(53.4))
                .query("SELECT (t_char.s || 'x'), COALESCE(s, 'none') AS s_or_none FROM t_char WHERE k = ?", Binding.setString(" C1473"))
                .sql("SELECT set_config('search_path', '{alt}', true)")
                .query("SELECT * FROM t_uuid WHERE k = ?", Binding.setObject(UUID.fromString("00000000-1234-0002-0000-0000000006e1")))
                .insert("uuid", 587L, true)
                .query("SELECT * FROM t_uuid WHERE k = ?", Binding.setObject(UUID.fromString("00000000-1234-0002-0000-0000000006e1")))
                .query("SELECT DISTINCT * FROM \"Mixed_Keys\" WHERE k IN ('mixed-567', 'mixed-1977', 'mixed-2424342', 'mixed-1209') ORDER BY \"s\"")
                .isolation(Connection.TRANSACTION_SERIALIZABLE)
                .query("SELECT (SELECT s FROM t_bigint WHERE t_bigint.k = ?) AS s, 1 AS one", Binding.setLong(-2064000007561L))
                .sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .query(new Step.Exec(false, false, 1, 0), "/* nested /* ? */ comment */ SELECT /* ? */ (SELECT 1 FROM t_char WHERE k = ?) AS e", Binding.setString("C666"))
                .query("SELECT DISTINCT v, COUNT(*) AS agg FROM t_varchar WHERE s LIKE 's%' AND k IN (?, ?) AND NOT (t_varchar.v = ?) GROUP BY v", Binding.setString("key-609"), Binding.setString("key-2815278"), Binding.setInt(3))
                .query("SELECT MAX(t_numeric.v) AS agg FROM t_numeric WHERE k = ?", Binding.setBigDecimal(new BigDecimal("121.80")))
                .query("SELECT * FROM t_int t1 WHERE t1.s IS NULL AND t1.k IN (?, ?, ?::smallint, ?)", Binding.setInt(546), Binding.setBigDecimal(new BigDecimal("1E-30")), Binding.setInt(342), Binding.setInt(537))
                .query("SELECT (t_char.s || 'x'), COALESCE(s, 'none') AS s_or_none FROM t_char WHERE k = ?", Binding.setBigDecimal(new BigDecimal("1E+30")))
                .query("  \nSELECT * FROM t_char a WHERE a.v IN (SELECT v FROM t_numeric WHERE k = ?)", Binding.setBigDecimal(new BigDecimal("203022.0")))
                .insert("mixed", 237L, false)
                .query("SELECT a.k AS ak, b.v AS bv FROM \"Mixed_Keys\" a INNER JOIN \"Mixed_Keys\" b ON a.v = b.v WHERE a.k = ? ORDER BY b.k LIMIT 3", Binding.setObject("mixed-1485", Types.CHAR))
                .sql("BEGIN ISOLATION LEVEL REPEATABLE READ")
                .reconnect()
                .rollback()
                .query("SELECT t_bytea.v, MAX(k) AS agg FROM t_bytea WHERE k = ? GROUP BY v", Binding.setBytes(new byte[] {3, 117}))
                .sql("BEGIN ISOLATION LEVEL READ COMMITTED")
                .commit()
                .query("SELECT * FROM t_int WHERE k = ?", Binding.setInt(1062))
                .insert("integer", 404L, true)
                .query("SELECT * FROM t_int WHERE k = ?", Binding.setInt(1062))
                .query("WITH hit AS (SELECT k, v AS \"Val\", k FROM {main}.t_text WHERE k = ?) SELECT * FROM hit", Binding.setString("Key-531 "))
                .query("SELECT * FROM t_numeric WHERE \"k\" IN (?, ?, ?, ?) FOR UPDATE", Binding.setBigDecimal(new BigDecimal("137.400")), Binding.setBigDecimal(new BigDecimal("136770.90000")), Binding.setBigDecimal(new BigDecimal("91.20")), Binding.setObject(new BigDecimal("209.7"), Types.NUMERIC))
                .assertAgrees();
    }

    /**
     * The harness's rule behind the case above, alone: both sessions lock the same row in their open
     * transactions. Run, the gated session would wait for the direct one's lock and time out.
     */
    @Test
    void aLockingReadInAnOpenTransactionIsNotCompared() throws Exception {
        Replay.on(Target.postgres(), "integer")
                .sql("BEGIN")
                .commit() // refused under autocommit: the block stays open
                .query("SELECT * FROM t_int WHERE k = ? FOR UPDATE", Binding.setInt(3))
                .query("SELECT * FROM t_int WHERE k = ? FOR UPDATE", Binding.setInt(3))
                .assertAgrees();
        Replay.on(Target.h2(), "INT")
                .autoCommit(false)
                .query("SELECT * FROM t_int WHERE k = ? FOR UPDATE", Binding.setInt(3))
                .assertAgrees();
    }

    /**
     * Connection.setSchema inside a transaction is undone when the transaction fails and autocommit
     * then ends it: the session must be read again, or the gate answers with the metadata of the
     * table the undone search path named.
     */
    @Test
    void fuzzPostgreSQLSeed71Episode71Step264() throws Exception {
        Replay.on(Target.postgres(), "integer", "text")
                .setSchema("{alt}")
                .autoCommit(false)
                .setSchema("{main}")
                .query("SELECT k FROM T_TEXT WHERE NOT (T_TEXT.v IN (?, ?)) AND k = ? LIMIT 1 OFFSET 0", Binding.setInt(0), Binding.setNull(Types.VARCHAR), Binding.setString("Key-492"))
                .autoCommit(true)
                .query("SELECT * FROM t_int WHERE k = ?", Binding.setInt(2215737))
                .assertAgrees();
    }

    /**
     * A harness artefact of pgjdbc's statement cache: the text's first server-prepared execution
     * fails at Bind (a NUL in the parameter) inside a transaction; after the commit, RESET
     * search_path (which pgjdbc does not notice) makes that statement invalid, and with no
     * savepoint to heal it the direct session's transaction aborted (25P02) where the gate's,
     * whose driver forgot its statements after the move, returned the database's rows. The direct
     * session now forgets them too ({@code PostgresTarget.sessionMayHaveMoved}).
     */
    @Test
    void fuzzPostgreSQLSeed84Episode11Step93() throws Exception {
        Replay.on(Target.postgres(), "char")
                .query("  \nSELECT t_char.v, t_char.k FROM t_char WHERE k = CAST(? AS char(3)) AND \"v\" = (SELECT MAX(v) FROM t_char)", Binding.setNull(Types.CHAR))
                .sql("SET search_path = {alt}")
                .query("  \nSELECT t_char.v, t_char.k FROM t_char WHERE k = CAST(? AS char(3)) AND \"v\" = (SELECT MAX(v) FROM t_char)", Binding.setString("C42         "))
                .autoCommit(false)
                .query(new Step.Exec(true, false, 2, 0), "  \nSELECT t_char.v, t_char.k FROM t_char WHERE k = CAST(? AS char(3)) AND \"v\" = (SELECT MAX(v) FROM t_char)", Binding.setString("C993"))
                .query("  \nSELECT t_char.v, t_char.k FROM t_char WHERE k = CAST(? AS char(3)) AND \"v\" = (SELECT MAX(v) FROM t_char)", Binding.setString("C1790166"))
                .query("  \nSELECT t_char.v, t_char.k FROM t_char WHERE k = CAST(? AS char(3)) AND \"v\" = (SELECT MAX(v) FROM t_char)", Binding.setString("not a key \u0000 value"))
                .commit()
                .sql("RESET search_path")
                .query("  \nSELECT t_char.v, t_char.k FROM t_char WHERE k = CAST(? AS char(3)) AND \"v\" = (SELECT MAX(v) FROM t_char)", Binding.setString("C2019"))
                .assertAgrees();
    }

    /**
     * Issue 22, item 5 (DDL through the gate): the guarded table dropped and recreated through the
     * gate, its triggers not installed again; a key inserted around the gate is then in the table
     * but never reaches the filter (nothing logs it), and the gate answers "absent" until its
     * periodic trigger check notices. Fails until the gate reacts to DDL on a guarded table it
     * runs itself. Found by PostgreSQL seed 5 (150 s run).
     */
    @Test
    void fuzzPostgreSQLSeed5Episode1Step98() throws Exception {
        Replay.on(Target.postgres(), "bytea")
                .ddl(Step.DdlKind.RECREATE_BARE, "bytea", null)
                .insert("bytea", 297L, false)
                .query("SELECT * FROM t_bytea WHERE k = ?", Binding.setBytes(new byte[] {3, 123, 0}))
                .assertAgrees();
    }

    /**
     * Issue 22, item 3 (bare columns beside aggregates without GROUP BY): H2 refuses {@code t1.s}
     * beside SUM and COUNT (90016, "must be in the GROUP BY list") only once a row reaches it, so the
     * first executions (absent keys) succeed with a row; the gate replays that row where the database
     * raises. Found by H2 seed 7 (150 s run).
     */
    @Test
    void fuzzH2Seed7Episode7Step11() throws Exception {
        Replay.on(Target.h2(), "CHAR")
                .query("SELECT SUM(v), t1.s FROM t_char t1 WHERE k IN (?, ?, ?, ?) ORDER BY COUNT(*) DESC", Binding.setString("C582"), Binding.setString("C1605"), Binding.setString("C675"), Binding.setString("c1557"))
                .query(new Step.Exec(true, true, 0, 0), "SELECT SUM(v), t1.s FROM t_char t1 WHERE k IN (?, ?, ?, ?) ORDER BY COUNT(*) DESC", Binding.setString("C690"), Binding.setString("C1875"), Binding.setString("C1296       "), Binding.setString("C1431"))
                .sql("SET SCHEMA_SEARCH_PATH {alt}, {main}")
                .query("SELECT SUM(v), t1.s FROM t_char t1 WHERE k IN (?, ?, ?, ?) ORDER BY COUNT(*) DESC", Binding.setString("C1818"), Binding.setString("C2097"), Binding.setString("C2475450"), Binding.setString("C939"))
                .assertAgrees();
    }

    // ------------------------------------------------------------------ MariaDB (issue 26)

    /**
     * The gate's empty answer behaved as a standard result, not as MariaDB Connector/J's: after the
     * end a getter is the driver's SQLDataException (22023, "wrong row position"), not 24000; an
     * unknown label a plain SQLException (no SQL state); getFetchDirection() FETCH_UNKNOWN; next()
     * and wasNull() on a closed result return false. Found by MariaDB seed 1 (short run), shrunk
     * from 57 steps; the answer to the plainest lookup shows it (see MariaDbErrors).
     */
    @Test
    void fuzzMariaDBSeed1Episode0Step57() throws Exception {
        Replay.on(Target.mariadb(), "varchar bin")
                .query("SELECT * FROM t_varchar WHERE k = ?", Binding.setString("Key-603"))
                .assertAgrees();
    }

    /** The same without PROCESS (grace-period mode), a key above 2^63 - 1 in a BIGINT UNSIGNED column. */
    @Test
    void fuzzMariaDBSeed2Episode0Step46() throws Exception {
        Replay.on(Target.mariadbWithoutProcess(), "bigint unsigned")
                .query("SELECT * FROM t_ubigint WHERE k = ?", Binding.setObject(new java.math.BigInteger("9223372036854776507")))
                .assertAgrees();
    }

    /**
     * A replayed row (a scalar subquery's NULL on empty input): after close, MariaDB Connector/J's
     * wasNull() still answers the last value read (true), where H2 and pgjdbc raise; the gate's
     * replay answered false. Found by MariaDB seed 11 (150 s run).
     */
    @Test
    void fuzzMariaDBSeed11Episode2Step5() throws Exception {
        Replay.on(Target.mariadb(), "varchar nopad")
                .query("SELECT (SELECT 1 FROM t_nopad WHERE k = ?) AS e", Binding.setString("Key-1935 "))
                .assertAgrees();
    }

    /**
     * Result metadata copied under one sql_mode and answered under another: after SET sql_mode =
     * 'ANSI_QUOTES' the server describes a CAST column otherwise (its nullability) than the copy
     * taken in the session's first mode. Lookups are now answered only in sessions of the first
     * mode the gate read (MySqlSessionProbe). Found by MariaDB seed 12 without PROCESS (120 s run).
     */
    @Test
    void fuzzMariaDBSeed12MetadataUnderAnotherSqlMode() throws Exception {
        Replay.on(Target.mariadbWithoutProcess(), "int")
                .query("SELECT CAST(k AS VARCHAR(60)) FROM t_int WHERE k = ?", Binding.setInt(1256114))
                .sql("SET sql_mode = 'ANSI_QUOTES'")
                .query("SELECT CAST(k AS VARCHAR(60)) FROM t_int WHERE k = ?", Binding.setInt(1256115))
                .assertAgrees();
    }

    /**
     * A string with a trailing space compared with a BIGINT column leaves a Note (1292, "Truncated
     * incorrect DECIMAL value") on the statement whatever the rows; the gate answered from the NULL
     * key u alone, without the warning. A string against a numeric column now stands beside an
     * answer only as a plain decimal numeral (BoundValues). Found by MariaDB seed 11 (150 s run).
     */
    @Test
    void fuzzMariaDBSeed11WarningOfAConvertedString() throws Exception {
        Replay.on(Target.mariadb(), "bigint")
                .query("SELECT * FROM t_bigint WHERE u = ? AND k = ?", Binding.setNull(Types.BIGINT),
                        Binding.setString("1878729006888666 "))
                .assertAgrees();
    }

    /**
     * Metadata copied from a LIMIT 0 execution: MariaDB plans it as "zero limit" and describes
     * MIN(s) of a VARCHAR with 39 decimals, where the real execution for absent keys says 0. An
     * execution with a zero LIMIT/OFFSET parameter is no longer copied from. Found by MariaDB seed
     * 22 without PROCESS (240 s run).
     */
    @Test
    void fuzzMariaDBWithoutPROCESSSeed22Episode36Step69() throws Exception {
        Replay.on(Target.mariadbWithoutProcess(), "int")
                .query("SELECT v, MIN(s) FROM `{main}`.`t_int` WHERE u IN (?, ?, ?, ?) GROUP BY v ORDER BY v DESC LIMIT ?",
                        Binding.setObject(null, Types.VARCHAR), Binding.setString("u1155 "), Binding.setObject("u1113", Types.VARCHAR),
                        Binding.setString("u4823"), Binding.setLong(0L))
                .query("SELECT v, MIN(s) FROM `{main}`.`t_int` WHERE u IN (?, ?, ?, ?) GROUP BY v ORDER BY v DESC LIMIT ?",
                        Binding.setString("u6708807"), Binding.setString("u5092108"), Binding.setNull(Types.VARCHAR),
                        Binding.setString("+u1855"), Binding.setLong(3L))
                .assertAgrees();
    }

    /**
     * SET TRANSACTION after a lookup the gate answered with auto-commit off: the database's SELECT
     * began the server's transaction, so SET TRANSACTION raised 1568 (25001); through the gate no
     * server transaction existed and it succeeded. Found by MariaDB seed 31 (900 s run).
     */
    @Test
    void fuzzMariaDBSeed31Episode18Step242() throws Exception {
        Replay.on(Target.mariadb(), "mixed")
                .autoCommit(false)
                .query("SELECT DISTINCT * FROM `Mixed_Keys` WHERE v IS NOT NULL AND ? = `Mixed_Keys`.k ORDER BY k DESC", Binding.setString("mixed-1955172"))
                .sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .assertAgrees();
    }

    /**
     * An isolation change inside a transaction whose only statement the gate answered: directly,
     * the transaction had begun at READ COMMITTED; through the gate it began later, at REPEATABLE
     * READ, with a read view from before another connection's commit. Found by MariaDB seed 31
     * (900 s run).
     */
    @Test
    void fuzzMariaDBSeed31Episode70Step263() throws Exception {
        Replay.on(Target.mariadb(), "bigint unsigned", "varchar nopad")
                .autoCommit(false)
                .query(new Step.Exec(false, false, 0, 9), "SELECT v, COUNT(*) FROM t_ubigint WHERE t_ubigint.k IN (?) GROUP BY `v`", Binding.setObject(new BigInteger("9223372036854933281")))
                .isolation(Connection.TRANSACTION_REPEATABLE_READ)
                .query("SELECT * FROM t_nopad WHERE k = ?", Binding.setString("Key-1779"))
                .insert("varchar nopad", 593L, false)
                .query("SELECT * FROM t_nopad")
                .assertAgrees();
    }

    /**
     * Metadata copied from an execution that bound a number to the VARCHAR key (no index, a
     * temporary table: MAX(k) has 0 decimals) and answered for a string key, whose primary-key miss
     * MariaDB describes with 39 decimals. A computed column of a grouped or DISTINCT query now
     * passes through on MySQL (LookupAnalyzer). Found by MariaDB seed 31 (900 s run).
     */
    @Test
    void fuzzMariaDBSeed31Episode72Step34() throws Exception {
        Replay.on(Target.mariadb(), "mixed")
                .query("SELECT DISTINCT `Mixed_Keys`.`v`, MAX(`Mixed_Keys`.k) FROM `Mixed_Keys` WHERE `Mixed_Keys`.k = ? GROUP BY v HAVING COUNT(*) > 0", Binding.setInt(979001291))
                .query("SELECT DISTINCT `Mixed_Keys`.`v`, MAX(`Mixed_Keys`.k) FROM `Mixed_Keys` WHERE `Mixed_Keys`.k = ? GROUP BY v HAVING COUNT(*) > 0", Binding.setString("mixed-2094"))
                .assertAgrees();
    }

    /**
     * Not the gate's: a join of more than 500 rows ordered by a column with ties (NULLs among
     * them). Both sessions ran it on the database; the harness reads 500 rows, and which 500 come
     * first is the server's choice each time. Past 500 rows in an order the query leaves open, only
     * the count is compared now (Observation). Found by MariaDB seed 45 (240 s run).
     */
    @Test
    void fuzzMariaDBSeed45Episode30Step197() throws Exception {
        Replay.on(Target.mariadb(), "char bin", "mixed")
                .query("SELECT * FROM Mixed_Keys a LEFT JOIN t_char b ON a.v = b.v ORDER BY b.k")
                .assertAgrees();
    }

    /**
     * Not the gate's: the gate passed the statement through unchanged, but LIMIT cuts among the
     * join's rows tied on b.k (several rows of a match one of b), and which of them MariaDB keeps
     * differed between the two sessions' executions. A cut in an order the statement leaves open is
     * compared now as a selection: as many rows, each one of the uncut statement's, which must agree
     * (Runner; RunnerTest makes the database's choice differ on purpose). Found by MariaDB seed 51.
     */
    @Test
    void fuzzMariaDBSeed51TiesCutByLimit() throws Exception {
        Replay.on(Target.mariadb(), "char bin", "varchar nopad")
                .query("SELECT * FROM t_char a JOIN t_nopad b ON a.v = b.v ORDER BY b.k LIMIT 3")
                .assertAgrees();
    }
}
