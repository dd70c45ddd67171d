package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.key.UnsupportedKeyTypeException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Case-insensitive keys on PostgreSQL. A {@code citext} column, or one with a nondeterministic
 * collation, finds 'abc' when asked for 'ABC'; the filter hashes exact characters, so it would answer
 * 'ABC' absent — a wrong answer. The gate therefore refuses such columns at {@code build()}, naming
 * the column and the reason, however the type reaches the column (directly, through a domain, from a
 * schema outside the search path). A collation written in the query itself cannot be refused at
 * build: such lookups must pass through to the server.
 */
class PostgresCaseInsensitiveKeysTest {

    private PGSimpleDataSource pg;
    private String schema;
    /** citext, qualified with the schema it is installed in (it may be outside the search path). */
    private String citext;

    @BeforeEach
    void setUp() throws SQLException {
        pg = PostgresServer.dataSource();
        schema = "ci_" + Long.toHexString(System.nanoTime());
        // citext is a trusted extension (PostgreSQL 13+): the database owner may install it. It is
        // installed once in public and left there; it may already be, from another schema.
        H2Databases.run(pg, "CREATE EXTENSION IF NOT EXISTS citext SCHEMA public", "CREATE SCHEMA " + schema);
        citext = query("SELECT quote_ident(n.nspname) || '.citext' FROM pg_extension e"
                + " JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'citext'").get(0);
        pg.setCurrentSchema(schema);
        H2Databases.run(pg, "CREATE COLLATION ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)");
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (pg != null && schema != null) {
            H2Databases.run(pg, "DROP SCHEMA " + schema + " CASCADE");
        }
    }

    /** Creates table {@code t} with key column {@code k} of {@code type} holding 'abc' and 'Key-1'. */
    private void table(String type) throws SQLException {
        H2Databases.run(pg, "CREATE TABLE t (k " + type + " PRIMARY KEY, v int)",
                "INSERT INTO t VALUES ('abc', 1), ('Key-1', 2)");
    }

    private List<String> query(String sql) throws SQLException {
        try (Connection c = pg.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(1));
            }
            return values;
        }
    }

    private void assertRefused(String reason) {
        assertThatThrownBy(() -> BloomGate.builder(pg).guard("t", "k").build())
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageStartingWith("Cannot guard " + schema + ".t.k: column type ")
                .hasMessageContaining(reason);
    }

    @Test
    void citextKeysAreRefusedAtBuild() throws SQLException {
        pg.setCurrentSchema(schema + ", " + citext.substring(0, citext.lastIndexOf('.')));
        table("citext");
        assertThat(query("SELECT k FROM t WHERE k = 'ABC'")).as("why: the server matches another case").containsExactly("abc");
        assertRefused("compares case-insensitively");
    }

    @Test
    void citextFromASchemaOutsideTheSearchPathIsRefusedAtBuild() throws SQLException {
        // pgjdbc names the type "public"."citext" here. (Unqualified, = then even resolves to text's
        // case-sensitive operator in this session; other sessions still compare case-insensitively.)
        table(citext);
        assertRefused("compares case-insensitively");
    }

    @Test
    void aDomainOverCitextIsRefusedAtBuild() throws SQLException {
        H2Databases.run(pg, "CREATE DOMAIN email AS " + citext);
        table("email");
        assertRefused("is not a supported key type");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"text", "varchar(40)", "char(12)"})
    void keysWithANondeterministicCollationAreRefusedAtBuild(String type) throws SQLException {
        table(type + " COLLATE ci");
        assertThat(query("SELECT k FROM t WHERE k = 'ABC'")).as("why: the server matches another case").hasSize(1);
        assertRefused("nondeterministic");
    }

    @Test
    void aDomainWithANondeterministicCollationIsRefusedAtBuild() throws SQLException {
        H2Databases.run(pg, "CREATE DOMAIN ci_text AS text COLLATE ci");
        table("ci_text");
        assertRefused("is not a supported key type");
    }

    /**
     * The column compares exactly, so it is guarded; a query may still compare it under a
     * nondeterministic collation, and then 'ABC' finds 'abc'. Such lookups are not answered from the
     * filter: through the gate they find exactly what they find on the server.
     */
    @Test
    void aNondeterministicCollationInTheQueryIsNeverAnsweredFromTheFilter() throws SQLException {
        table("text");
        String[] lookups = {
            "SELECT k FROM t WHERE k = ? COLLATE ci",
            "SELECT k FROM t WHERE k COLLATE ci = ?",
            "SELECT k FROM t WHERE k IN (? COLLATE ci, 'none')",
            "SELECT k FROM t WHERE k = ?::text COLLATE ci",
            "SELECT k FROM t WHERE k = ?::" + citext,
        };
        try (BloomGate gate = BloomGate.builder(pg).guard("t", "k").build();
                Connection direct = pg.getConnection();
                Connection gated = gate.dataSource().getConnection()) {
            for (String sql : lookups) {
                for (String key : new String[] {"zzz", "ABC", "abc", "KEY-1", "key-1", "absent"}) {
                    assertThat(lookup(gated, sql, key)).as("%s with %s", sql, key).isEqualTo(lookup(direct, sql, key));
                }
            }
            String literal = "SELECT k FROM t WHERE k = 'ABC' COLLATE ci";
            assertThat(lookup(gated, literal, null)).isEqualTo(lookup(direct, literal, null)).containsExactly("abc");
        }
    }

    /** The keys a lookup finds, or its SQL state. */
    private static List<String> lookup(Connection c, String sql, String key) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (key != null) {
                ps.setString(1, key);
            }
            List<String> keys = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.add(rs.getString(1));
                }
            }
            return keys;
        } catch (SQLException e) {
            return List.of("error " + e.getSQLState());
        }
    }
}
