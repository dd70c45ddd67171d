package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.SplittableRandom;
import javax.sql.DataSource;

/**
 * {@link DifferentialContract} on a real MySQL/MariaDB server, each run in a database of its own.
 *
 * <p>What is MySQL's here: key columns are the types the gate guards on MySQL (integers, {@code
 * BIGINT UNSIGNED}, and strings under a binary collation, PAD SPACE and NO PAD: the server's default
 * collations are case-insensitive and refused at build); casts are MySQL's ({@code SIGNED}, {@code
 * CHAR(n)}, {@code BINARY}...); quoted names are backticked, and {@code fold} is the identity (table
 * names are exact with {@code lower_case_table_names = 0}, which the gate requires). The shapes add
 * what only MySQL has: {@code <=>}, {@code BINARY k}, a {@code COLLATE} of a case-insensitive
 * collation in the query, index hints, {@code LIMIT o, n}, {@code WITH ROLLUP}, and aggregates whose
 * empty-input value is MySQL's own ({@code BIT_AND} is all ones, {@code GROUP_CONCAT} NULL).
 *
 * <p>This class connects with MariaDB Connector/J in its default (client-side) prepared mode; its
 * subclasses run the same contract through the other {@link MySqlServer.Flavour}s.
 */
class MariaDbDifferentialTest extends DifferentialContract {

    /** The driver and prepared-statement mode of both the gate's and the direct connections. */
    MySqlServer.Flavour flavour() {
        return MySqlServer.Flavour.MARIADB_CLIENT_PREPARE;
    }

    private static final String BIN = " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";

    @Override
    List<KeyKind> keyKinds() {
        List<String> textCasts = List.of("CHAR", "CHAR(6)", "CHAR(12)", "BINARY", "SIGNED", "CHAR CHARACTER SET latin1");
        return List.of(
                new KeyKind("varchar_bin", "VARCHAR(40)" + BIN, i -> "Key-" + i * 3, Types.VARCHAR, textCasts),
                new KeyKind("varchar_nopad", "VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin",
                        i -> "key-" + i * 3, Types.VARCHAR, textCasts),
                new KeyKind("char_bin", "CHAR(12)" + BIN, i -> "C" + i * 3, Types.CHAR,
                        List.of("CHAR(12)", "CHAR(3)", "CHAR", "BINARY(12)", "BINARY")),
                new KeyKind("bigint", "BIGINT", i -> i * 3, Types.BIGINT,
                        List.of("SIGNED", "UNSIGNED", "DECIMAL(5,1)", "DECIMAL(30,2)", "CHAR", "DOUBLE")),
                new KeyKind("int", "INT", i -> (int) (i * 3), Types.INTEGER,
                        List.of("SIGNED", "UNSIGNED", "DECIMAL(4,0)", "CHAR")),
                new KeyKind("bigint_unsigned", "BIGINT UNSIGNED", i -> i * 3, Types.BIGINT,
                        List.of("UNSIGNED", "SIGNED", "DECIMAL(25,0)", "CHAR")));
    }

    @Override
    int operations() {
        return 3_000; // two round trips each, six key types, a feed polling meanwhile
    }

    @Override
    DataSource createDatabase() throws SQLException {
        String name = "bloomgate_d" + Long.toHexString(System.nanoTime());
        H2Databases.run(MySqlServer.dataSource(), "CREATE DATABASE " + name);
        return flavour().forDatabase(name);
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        H2Databases.run(database, "DROP DATABASE " + schema(database));
    }

    @Override
    String schema(DataSource database) throws SQLException {
        try (var c = database.getConnection()) {
            return c.getCatalog();
        }
    }

    @Override
    String fold(String identifier) {
        return identifier;
    }

    @Override
    List<String> shapes() {
        return List.of(
                "SELECT * FROM {t} WHERE k = {k}",
                "SELECT k, v AS value, s FROM {t} WHERE k = {k} AND v >= {v}",
                "SELECT s FROM {t} WHERE {k} = k",
                "SELECT * FROM {t} WHERE k IN ({k}, {k}, {k})",
                "SELECT t1.v FROM {t} t1 WHERE t1.k = {k} AND t1.s <> 'none'",
                "SELECT `v` FROM `{S}`.`{T}` WHERE `{S}`.`{T}`.`k` = {k}",
                "SELECT V FROM {t} WHERE K = {k}",
                "SELECT DISTINCT v FROM {t} WHERE k = {k} ORDER BY v LIMIT 5",
                "SELECT * FROM {t} WHERE k = {k} LIMIT 1 OFFSET 0",
                "SELECT * FROM {t} WHERE k = {k} LIMIT 0, 5",
                "SELECT * FROM {t} WHERE k = {k} ORDER BY v LIMIT {v}",
                "SELECT * FROM {t} WHERE k = {k} FETCH FIRST 1 ROWS ONLY",
                "SELECT * FROM {t} WHERE k = {k} AND k IN ({k}, {k})",
                "SELECT * FROM {t} WHERE k = {k} AND v BETWEEN {v} AND 100 AND s LIKE 's%'",
                "SELECT v, count(*) FROM {t} WHERE k = {k} GROUP BY v",
                "SELECT v, count(*) FROM {t} WHERE k = {k} GROUP BY v WITH ROLLUP",
                "SELECT * FROM {t} WHERE k = {k} FOR UPDATE",
                "SELECT * FROM {t} WHERE k = {k} LOCK IN SHARE MODE",
                "SELECT count(*) FROM {t} WHERE k = {k}",
                "SELECT max(v) FROM {t} WHERE k = {k}",
                "SELECT bit_and(v), bit_or(v), group_concat(s), std(v) FROM {t} WHERE k = {k}",
                "SELECT 1 FROM {t} WHERE k = {k} HAVING count(*) > 0",
                "SELECT * FROM {t} WHERE k = {k} OR v = 3",
                "SELECT * FROM {t} WHERE k <=> {k}",
                "SELECT * FROM {t} WHERE BINARY k = {k}",
                "SELECT * FROM {t} USE INDEX (PRIMARY) WHERE k = {k}",
                "SELECT EXISTS (SELECT 1 FROM {t} WHERE k = {k})",
                "SELECT * FROM {t} WHERE CAST(k AS CHAR) = CAST({k} AS CHAR)",
                "SELECT * FROM {t} WHERE k IS NULL",
                "SELECT a.k, b.k FROM {t} a JOIN {t} b ON a.v = b.v WHERE a.k = {k} ORDER BY b.k LIMIT 3",
                "SELECT a.k, b.k FROM {t} a LEFT JOIN {t} b ON a.v = b.v WHERE a.k = {k} ORDER BY b.k LIMIT 3",
                "SELECT * FROM {t} WHERE v IN (SELECT v FROM {t} WHERE k = {k}) ORDER BY k LIMIT 3",
                "SELECT (SELECT s FROM {t} WHERE k = {k}) AS s",
                "SELECT * FROM (SELECT * FROM {t} WHERE k = {k}) sub",
                "WITH hit AS (SELECT * FROM {t} WHERE k = {k}) SELECT * FROM hit",
                "SELECT k FROM {t} WHERE k = {k} UNION ALL SELECT k FROM {t} WHERE k = {k}",
                // A collation in the query overrides the column's: 'KEY-3' COLLATE ..._ci matches 'Key-3'.
                "SELECT * FROM {t} WHERE k = {k} COLLATE utf8mb4_general_ci",
                "SELECT * FROM {t} WHERE k COLLATE utf8mb4_general_ci = {k}",
                "SELECT * FROM {t} WHERE k = CONVERT({k} USING latin1)");
    }

    @Override
    String castParameter(String type, SplittableRandom random) {
        return random.nextBoolean() ? "CAST(? AS " + type + ")" : "CONVERT(?, " + type + ")";
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
