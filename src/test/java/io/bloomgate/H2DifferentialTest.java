package io.bloomgate;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DifferentialContract} on H2, in memory and on file. Writes from connections that bypass the
 * gate reach the filter through the trigger, inside the writing transaction.
 */
class H2DifferentialTest extends DifferentialContract {

    private static final KeyKind BIGINT = new KeyKind("BIGINT", "BIGINT", i -> i * 3, Types.BIGINT,
            List.of("BIGINT", "INT", "NUMERIC(5, 1)", "VARCHAR"));
    private static final KeyKind VARCHAR = new KeyKind("VARCHAR", "VARCHAR(40)", i -> "Key-" + i * 3, Types.VARCHAR,
            List.of("VARCHAR(40)", "VARCHAR(5)", "CHAR(12)", "VARCHAR_IGNORECASE"));

    @TempDir
    Path dir;

    @Override
    List<KeyKind> keyKinds() {
        return List.of(BIGINT,
                new KeyKind("INT", "INT", i -> (int) (i * 3), Types.INTEGER, List.of("INT", "BIGINT", "SMALLINT")),
                VARCHAR,
                new KeyKind("CHAR", "CHAR(12)", i -> "C" + i * 3, Types.CHAR, List.of("CHAR(12)", "VARCHAR", "CHAR(3)")),
                new KeyKind("UUID", "UUID", i -> new UUID(0x1234, i * 3), Types.OTHER, List.of("UUID", "VARCHAR")),
                new KeyKind("DECIMAL", "DECIMAL(12, 2)", i -> BigDecimal.valueOf(i * 3, 1), Types.DECIMAL,
                        List.of("DECIMAL(12, 2)", "DECIMAL(4, 1)", "BIGINT")));
    }

    Stream<KeyKind> fileKinds() {
        return Stream.of(BIGINT, VARCHAR);
    }

    @ParameterizedTest(name = "{0} keys, file database")
    @MethodSource("fileKinds")
    void gateAndDatabaseAgreeOnAFileDatabase(KeyKind kind) throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:" + dir.resolve("diff-" + kind.name()).toAbsolutePath());
        h2.setUser("sa");
        try {
            run(kind, h2);
        } finally {
            dropDatabase(h2);
        }
    }

    @Override
    DataSource createDatabase() {
        return H2Databases.memory();
    }

    @Override
    void dropDatabase(DataSource database) throws SQLException {
        H2Databases.run(database, "SHUTDOWN");
    }

    @Override
    String schema(DataSource database) {
        return "PUBLIC";
    }

    @Override
    String fold(String identifier) {
        return identifier.toUpperCase(Locale.ROOT);
    }

    @Override
    List<String> shapes() {
        return List.of(
                "SELECT * FROM {t} WHERE k = {k}",
                "SELECT k, v AS value, s FROM {t} WHERE k = {k} AND v >= {v}",
                "SELECT s FROM {t} WHERE {k} = k",
                "SELECT * FROM {t} WHERE k IN ({k}, {k})",
                "SELECT t1.v FROM {t} t1 WHERE t1.k = {k}",
                "SELECT \"V\" FROM \"{S}\".\"{T}\" WHERE \"{S}\".\"{T}\".\"K\" = {k}",
                "SELECT DISTINCT v FROM {t} WHERE k = {k} ORDER BY v LIMIT 5",
                "SELECT * FROM {t} WHERE k = {k} LIMIT 1 OFFSET 0",
                "SELECT * FROM {t} WHERE k = {k} ORDER BY v LIMIT {v}",
                "SELECT * FROM {t} WHERE k = {k} AND k IN ({k}, {k})",
                "SELECT * FROM {t} WHERE k = {k} AND v BETWEEN {v} AND 100 AND s LIKE 's%'",
                "SELECT v, COUNT(*) FROM {t} WHERE k = {k} GROUP BY v",
                "SELECT * FROM {t} WHERE k = {k} FOR UPDATE",
                "SELECT COUNT(*) FROM {t} WHERE k = {k}",
                "SELECT MAX(v) FROM {t} WHERE k = {k}",
                "SELECT * FROM {t} WHERE k = {k} OR v = 3",
                "SELECT EXISTS(SELECT 1 FROM {t} WHERE k = {k})",
                "SELECT * FROM {t} WHERE CAST(k AS VARCHAR) = CAST({k} AS VARCHAR)",
                "SELECT * FROM {t} WHERE k IS NULL",
                "SELECT * FROM {t} a JOIN {t} b ON a.v = b.v WHERE a.k = {k} ORDER BY b.k LIMIT 3",
                "SELECT * FROM {t} WHERE v IN (SELECT v FROM {t} WHERE k = {k}) ORDER BY k LIMIT 3",
                "SELECT * FROM (SELECT * FROM {t} WHERE k = {k}) sub",
                "WITH hit AS (SELECT * FROM {t} WHERE k = {k}) SELECT * FROM hit",
                "SELECT k FROM {t} WHERE k = {k} UNION ALL SELECT k FROM {t} WHERE k = {k}");
    }

    @Override
    String castParameter(String type, SplittableRandom random) {
        return "CAST(? AS " + type + ")";
    }

    @Override
    void afterRawWrite(BloomGate gate) {
        // Nothing to do: the trigger added the key inside the insert, before it committed.
    }
}
