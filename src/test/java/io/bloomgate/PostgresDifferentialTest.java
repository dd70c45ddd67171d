package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@link DifferentialContract} on a real PostgreSQL server, each run in a schema of its own (other
 * tests share the database). pgjdbc types parameters by their Java type, and the server resolves
 * operators by those types before it reads a row: a mismatched binding is an error whether or not a
 * row matches, which the gate must let the server raise.
 */
class PostgresDifferentialTest extends DifferentialContract {

    @Override
    List<KeyKind> keyKinds() {
        List<String> textCasts = List.of("text", "varchar(6)", "char(12)", "bpchar", "bigint");
        return List.of(
                new KeyKind("text", "text", i -> "Key-" + i * 3, Types.VARCHAR, textCasts),
                new KeyKind("varchar", "varchar(40)", i -> "key-" + i * 3, Types.VARCHAR, textCasts),
                new KeyKind("char", "char(12)", i -> "C" + i * 3, Types.CHAR,
                        List.of("char(12)", "character", "char(3)", "text", "varchar", "bpchar")),
                new KeyKind("bigint", "bigint", i -> i * 3, Types.BIGINT,
                        List.of("bigint", "int8", "integer", "numeric", "numeric(5,1)", "text")),
                new KeyKind("integer", "integer", i -> (int) (i * 3), Types.INTEGER,
                        List.of("integer", "bigint", "smallint", "numeric", "text")),
                new KeyKind("uuid", "uuid", i -> new UUID(0x1234, i * 3), Types.OTHER, List.of("uuid", "text")),
                new KeyKind("numeric(12,2)", "numeric(12,2)", i -> BigDecimal.valueOf(i * 3, 1), Types.NUMERIC,
                        List.of("numeric", "numeric(12,2)", "numeric(4,1)", "decimal(14,3)", "bigint", "text")),
                // Unconstrained: values keep the scale they were written with (0.3, 0.60, 0.900 ...).
                new KeyKind("numeric", "numeric", i -> BigDecimal.valueOf(i * 3, 1).setScale(1 + Math.floorMod(i, 3)),
                        Types.NUMERIC, List.of("numeric", "numeric(12,2)", "bigint", "text")));
    }

    @Override
    int operations() {
        return 4_000; // two round trips each, and eight key types
    }

    @Override
    DataSource createDatabase() throws SQLException {
        PGSimpleDataSource pg = PostgresServer.dataSource();
        String schema = "diff_" + Long.toHexString(System.nanoTime());
        H2Databases.run(pg, "CREATE SCHEMA " + schema);
        pg.setCurrentSchema(schema);
        // For the shapes that override the column's collation in the query.
        H2Databases.run(pg, "CREATE COLLATION " + schema
                + ".ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
        return pg;
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        H2Databases.run(database, "DROP SCHEMA " + schema(database) + " CASCADE");
    }

    @Override
    String schema(DataSource database) {
        return ((PGSimpleDataSource) database).getCurrentSchema();
    }

    @Override
    String fold(String identifier) {
        return identifier.toLowerCase(Locale.ROOT);
    }

    @Override
    List<String> shapes() {
        return List.of(
                "SELECT * FROM {t} WHERE k = {k}",
                "SELECT k, v AS value, s FROM {t} WHERE k = {k} AND v >= {v}",
                "SELECT s FROM {t} WHERE {k} = k",
                "SELECT * FROM {t} WHERE k IN ({k}, {k}, {k})",
                "SELECT t1.v FROM {t} t1 WHERE t1.k = {k} AND t1.s <> 'none'",
                "SELECT \"v\" FROM \"{S}\".\"{T}\" WHERE \"{S}\".\"{T}\".\"k\" = {k}",
                "SELECT DISTINCT v FROM {t} WHERE k = {k} ORDER BY v LIMIT 5",
                "SELECT * FROM {t} WHERE k = {k} LIMIT 1 OFFSET 0",
                "SELECT * FROM {t} WHERE k = {k} ORDER BY v LIMIT {v}",
                "SELECT * FROM {t} WHERE k = {k} FETCH FIRST 1 ROWS ONLY",
                "SELECT * FROM {t} WHERE k = {k} AND k IN ({k}, {k})",
                "SELECT * FROM {t} WHERE k = {k} AND v BETWEEN {v} AND 100 AND s LIKE 's%'",
                "SELECT v, count(*) FROM {t} WHERE k = {k} GROUP BY v",
                "SELECT * FROM {t} WHERE k = {k} FOR UPDATE",
                "SELECT count(*) FROM {t} WHERE k = {k}",
                "SELECT max(v) FROM {t} WHERE k = {k}",
                "SELECT 1 FROM {t} WHERE k = {k} HAVING count(*) > 0",
                "SELECT * FROM {t} WHERE k = {k} OR v = 3",
                "SELECT EXISTS (SELECT 1 FROM {t} WHERE k = {k})",
                "SELECT * FROM {t} WHERE k::text = {k}::text",
                "SELECT * FROM {t} WHERE k IS NULL",
                "SELECT a.k, b.k FROM {t} a JOIN {t} b ON a.v = b.v WHERE a.k = {k} ORDER BY b.k LIMIT 3",
                "SELECT * FROM {t} WHERE v IN (SELECT v FROM {t} WHERE k = {k}) ORDER BY k LIMIT 3",
                "SELECT (SELECT s FROM {t} WHERE k = {k}) AS s",
                "SELECT * FROM (SELECT * FROM {t} WHERE k = {k}) sub",
                "WITH hit AS (SELECT * FROM {t} WHERE k = {k}) SELECT * FROM hit",
                "SELECT k FROM {t} WHERE k = {k} UNION ALL SELECT k FROM {t} WHERE k = {k}",
                // A collation in the query overrides the column's: 'KEY-3' COLLATE ci matches 'Key-3'.
                "SELECT * FROM {t} WHERE k = {k} COLLATE \"{S}\".ci",
                "SELECT * FROM {t} WHERE k COLLATE \"{S}\".ci = {k}",
                "SELECT * FROM {t} WHERE k = {k}::text COLLATE \"{S}\".ci");
    }

    @Override
    String castParameter(String type, SplittableRandom random) {
        return random.nextBoolean() ? "?::" + type : "CAST(? AS " + type + ")";
    }

    @Override
    void afterRawWrite(BloomGate gate) throws SQLException {
        // Writes from other connections reach the filter once the change feed has read them.
        try {
            assertThat(gate.awaitChangeFeed(10_000)).as("the change feed completed a read").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException(e);
        }
    }
}
