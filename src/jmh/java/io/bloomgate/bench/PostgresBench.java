package io.bloomgate.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.ds.PGSimpleDataSource;

/** The PostgreSQL server the benchmarks use: {@code BLOOMGATE_PG_URL} (see {@code .ci/postgres.sh}). */
final class PostgresBench {

    private PostgresBench() {
    }

    static PGSimpleDataSource dataSource(boolean rewriteBatchedInserts) {
        String url = System.getenv("BLOOMGATE_PG_URL");
        if (url == null || url.isBlank()) {
            throw new IllegalStateException("set BLOOMGATE_PG_URL to a PostgreSQL server (bash .ci/postgres.sh prints one)");
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        ds.setReWriteBatchedInserts(rewriteBatchedInserts);
        return ds;
    }

    /** Creates {@code table (id bigint PRIMARY KEY, payload text)} with ids 0, 2, ..., 2(rows-1) unless it has them. */
    static void evenKeys(PGSimpleDataSource ds, String table, long rows) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL"
                    + " AND (SELECT reltuples FROM pg_class WHERE oid = to_regclass('" + table + "')) = " + rows)) {
                rs.next();
                if (rs.getBoolean(1)) {
                    return;
                }
            }
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id bigint, payload text)");
            s.execute("INSERT INTO " + table + " SELECT g * 2, 'payload ' || g FROM generate_series(0, " + (rows - 1) + ") g");
            s.execute("ALTER TABLE " + table + " ADD PRIMARY KEY (id)");
            s.execute("VACUUM ANALYZE " + table);
        }
    }

    /** The jar's {@code sql/postgres/install.sql}. */
    static String installScript() throws java.io.IOException {
        try (java.io.InputStream in = PostgresBench.class.getResourceAsStream("/io/bloomgate/sql/postgres/install.sql")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** A random index in [0, n) from a counter (splitmix64). */
    static long index(long counter, long n) {
        long z = counter * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return Math.floorMod(z, n);
    }
}
