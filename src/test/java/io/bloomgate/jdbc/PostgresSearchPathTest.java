package io.bloomgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How the PostgreSQL probe reads a {@code search_path} setting (as PostgreSQL splits it) and when
 * the guarded tables' schema is searched first; {@code PostgresNameResolutionTest} shows why, on a
 * server.
 */
class PostgresSearchPathTest {

    @Test
    void entriesAreSplitAsPostgresqlSplitsThem() {
        assertThat(PostgresSessionProbe.searchPathEntries("\"$user\", public")).containsExactly("$user", "public");
        assertThat(PostgresSessionProbe.searchPathEntries(" Tenant ,\"My \"\"S\"\"\",x")).containsExactly("tenant",
                "My \"S\"", "x");
        assertThat(PostgresSessionProbe.searchPathEntries("")).isEmpty();
        assertThat(PostgresSessionProbe.searchPathEntries("a,,b")).isNull();
        assertThat(PostgresSessionProbe.searchPathEntries("\"a")).isNull();
        assertThat(PostgresSessionProbe.searchPathEntries("a b")).isNull();
    }

    @Test
    void onlyAPathThatStartsWithTheSchemaResolvesAsBuilt() {
        assertThat(PostgresSessionProbe.searchedFirst("public", "public", "app")).isTrue();
        assertThat(PostgresSessionProbe.searchedFirst("public", "pg_catalog, pg_temp, public, x", "app")).isTrue();
        assertThat(PostgresSessionProbe.searchedFirst("app", "\"$user\", public", "app")).isTrue();
        // "$user" may be created later, ahead of public: nothing may come before the guarded schema
        assertThat(PostgresSessionProbe.searchedFirst("public", "\"$user\", public", "app")).isFalse();
        assertThat(PostgresSessionProbe.searchedFirst("public", "tenant, public", "app")).isFalse();
        assertThat(PostgresSessionProbe.searchedFirst("public", "\"Public\"", "app")).isFalse();
        assertThat(PostgresSessionProbe.searchedFirst("Public", "Public", "app")).isFalse();
        assertThat(PostgresSessionProbe.searchedFirst("public", "", "app")).isFalse();
    }
}
