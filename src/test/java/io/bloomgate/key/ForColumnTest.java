package io.bloomgate.key;

import static io.bloomgate.key.Keys.outcome;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.sql.JDBCType;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** docs/architecture.md section 3: pick the exact form from column metadata, or refuse with a clear error. */
class ForColumnTest {

    private static KeyForm form(JDBCType type, String typeName, int precision, int scale) {
        return KeyForms.forColumn("PUBLIC.T", "K", type, typeName, precision, scale);
    }

    static Stream<Arguments> supportedColumns() {
        return Stream.of(
                Arguments.of(JDBCType.TINYINT, "TINYINT", 3, 0, KeyForms.tinyint()),
                Arguments.of(JDBCType.SMALLINT, "int2", 5, 0, KeyForms.smallint()),
                Arguments.of(JDBCType.INTEGER, "INTEGER", 32, 0, KeyForms.integer()),
                Arguments.of(JDBCType.INTEGER, "serial", 10, 0, KeyForms.integer()),
                Arguments.of(JDBCType.BIGINT, "BIGINT", 64, 0, KeyForms.bigint()),
                Arguments.of(JDBCType.TINYINT, "TINYINT UNSIGNED", 3, 0, KeyForms.integer(0, 255)),
                Arguments.of(JDBCType.SMALLINT, "SMALLINT UNSIGNED", 5, 0, KeyForms.integer(0, 65535)),
                Arguments.of(JDBCType.INTEGER, "INT UNSIGNED", 10, 0, KeyForms.integer(0, 4294967295L)),
                Arguments.of(JDBCType.BIGINT, "BIGINT UNSIGNED", 20, 0, KeyForms.integer(0, Long.MAX_VALUE)),
                Arguments.of(JDBCType.NUMERIC, "NUMERIC", 10, 2, KeyForms.decimal(10, 2)),
                Arguments.of(JDBCType.DECIMAL, "DECIMAL", 0, 3, KeyForms.decimal(3)),
                Arguments.of(JDBCType.VARCHAR, "CHARACTER VARYING", 255, 0, KeyForms.varchar(255)),
                Arguments.of(JDBCType.VARCHAR, "text", Integer.MAX_VALUE, 0, KeyForms.varchar(Integer.MAX_VALUE)),
                Arguments.of(JDBCType.LONGVARCHAR, "LONGVARCHAR", 0, 0, KeyForms.varchar(0)),
                Arguments.of(JDBCType.NVARCHAR, "NVARCHAR", 40, 0, KeyForms.varchar(40)),
                Arguments.of(JDBCType.LONGNVARCHAR, "LONGNVARCHAR", 40, 0, KeyForms.varchar(40)),
                Arguments.of(JDBCType.CHAR, "bpchar", 8, 0, KeyForms.paddedChar(8)),
                Arguments.of(JDBCType.NCHAR, "NCHAR", 2, 0, KeyForms.paddedChar(2)),
                Arguments.of(JDBCType.OTHER, "uuid", 0, 0, KeyForms.uuid()),
                Arguments.of(JDBCType.BINARY, "UUID", 16, 0, KeyForms.uuid()),
                Arguments.of(JDBCType.BINARY, "bytea", Integer.MAX_VALUE, 0, KeyForms.binary()),
                Arguments.of(JDBCType.VARBINARY, "BINARY VARYING", 1000, 0, KeyForms.binary()),
                Arguments.of(JDBCType.LONGVARBINARY, "LONGVARBINARY", 0, 0, KeyForms.binary()),
                Arguments.of(JDBCType.BIGINT, null, 0, 0, KeyForms.bigint()));
    }

    @ParameterizedTest(name = "{0} {1}({2}, {3})")
    @MethodSource("supportedColumns")
    void picksTheExactForm(JDBCType type, String typeName, int precision, int scale, KeyForm expected) {
        assertThat(form(type, typeName, precision, scale)).isEqualTo(expected);
    }

    @Test
    void formsFromMetadataBehaveAsTheirColumnsDo() {
        assertThat(outcome(form(JDBCType.INTEGER, "INTEGER", 32, 0), 1L << 31)).isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(form(JDBCType.NUMERIC, "NUMERIC", 10, 2), new BigDecimal("1.005")))
                .isEqualTo(Canonical.NOT_EXACT);
        assertThat(outcome(form(JDBCType.VARCHAR, "VARCHAR", 3, 0), "abcd")).isEqualTo(Canonical.NOT_EXACT);
        assertThat(Keys.bytes(form(JDBCType.CHAR, "CHARACTER", 4, 0), "ab  "))
                .isEqualTo(Keys.bytes(KeyForms.varchar(0), "ab"));
        assertThat(outcome(form(JDBCType.OTHER, "UUID", 0, 0), UUID.randomUUID())).isEqualTo(Canonical.EXACT);
        // A negative declared scale (PostgreSQL NUMERIC(2, -3)) keys only multiples of 1000.
        KeyForm thousands = form(JDBCType.NUMERIC, "numeric", 2, -3);
        assertThat(outcome(thousands, 12000)).isEqualTo(Canonical.EXACT);
        assertThat(outcome(thousands, 12345)).isEqualTo(Canonical.NOT_EXACT);
    }

    static Stream<Arguments> refusedColumns() {
        return Stream.of(
                Arguments.of(JDBCType.DOUBLE, "DOUBLE PRECISION", "floating point"),
                Arguments.of(JDBCType.FLOAT, "FLOAT", "floating point"),
                Arguments.of(JDBCType.REAL, "float4", "floating point"),
                Arguments.of(JDBCType.BOOLEAN, "BOOLEAN", "boolean"),
                Arguments.of(JDBCType.BIT, "bool", "boolean"),
                Arguments.of(JDBCType.DATE, "DATE", "time-zone"),
                Arguments.of(JDBCType.TIME, "TIME", "time-zone"),
                Arguments.of(JDBCType.TIMESTAMP, "TIMESTAMP", "time-zone"),
                Arguments.of(JDBCType.TIMESTAMP_WITH_TIMEZONE, "timestamptz", "time-zone"),
                Arguments.of(JDBCType.TIME_WITH_TIMEZONE, "TIME WITH TIME ZONE", "time-zone"),
                Arguments.of(JDBCType.BINARY, "BINARY", "zero bytes"),
                Arguments.of(JDBCType.VARCHAR, "VARCHAR_IGNORECASE", "case-insensitively"),
                Arguments.of(JDBCType.VARCHAR, "citext", "case-insensitively"),
                Arguments.of(JDBCType.OTHER, "CITEXT", "case-insensitively"),
                // pgjdbc's name for citext installed in a schema outside the search path
                Arguments.of(JDBCType.OTHER, "\"public\".\"citext\"", "case-insensitively"),
                Arguments.of(JDBCType.NUMERIC, "DECFLOAT", "decimal floating point"),
                Arguments.of(JDBCType.ARRAY, "_int4", "not a supported key type"),
                Arguments.of(JDBCType.ARRAY, "INTEGER ARRAY", "not a supported key type"),
                Arguments.of(JDBCType.OTHER, "jsonb", "not a supported key type"),
                Arguments.of(JDBCType.OTHER, "JSON", "not a supported key type"),
                Arguments.of(JDBCType.CLOB, "CHARACTER LARGE OBJECT", "large object"),
                Arguments.of(JDBCType.BLOB, "BLOB", "large object"),
                Arguments.of(JDBCType.NCLOB, "NCLOB", "large object"),
                Arguments.of(JDBCType.JAVA_OBJECT, "JAVA_OBJECT", "not a supported key type"),
                Arguments.of(JDBCType.STRUCT, "STRUCT", "not a supported key type"),
                Arguments.of(JDBCType.SQLXML, "xml", "not a supported key type"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("refusedColumns")
    void refusesColumnsWhoseEqualityIsNotExact(JDBCType type, String typeName, String reason) {
        UnsupportedKeyTypeException e = catchThrowableOfType(UnsupportedKeyTypeException.class,
                () -> KeyForms.forColumn("PUBLIC.T", "PRICE", type, typeName, 10, 2));
        assertThat(e).isNotNull();
        assertThat(e.getMessage())
                .startsWith("Cannot guard PUBLIC.T.PRICE: column type " + typeName)
                .contains(reason)
                .endsWith("guard an exact key column (integer, DECIMAL, VARCHAR, CHAR, UUID, VARBINARY) instead.");
        assertThat(e.table()).isEqualTo("PUBLIC.T");
        assertThat(e.column()).isEqualTo("PRICE");
        assertThat(e.typeName()).isEqualTo(typeName);
        assertThat(e).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void messageOfADoubleColumnReadsAsDocumented() {
        assertThatThrownBy(() -> KeyForms.forColumn("PUBLIC.T", "PRICE", JDBCType.DOUBLE, "DOUBLE", 17, 0))
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessage("Cannot guard PUBLIC.T.PRICE: column type DOUBLE compares inexactly (floating point); "
                        + "guard an exact key column (integer, DECIMAL, VARCHAR, CHAR, UUID, VARBINARY) instead.");
    }

    @Test
    void messageShowsTheJdbcTypeWhenTheDatabaseNamesItDifferently() {
        assertThatThrownBy(() -> KeyForms.forColumn("s.t", "c", JDBCType.DOUBLE, "float8", 17, 0))
                .hasMessageContaining("column type float8 (JDBC DOUBLE) compares inexactly");
        assertThatThrownBy(() -> KeyForms.forColumn("s.t", "c", JDBCType.DOUBLE, null, 17, 0))
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageContaining("column type DOUBLE compares")
                .extracting(e -> ((UnsupportedKeyTypeException) e).typeName()).isEqualTo("DOUBLE");
    }

    @Test
    void requiresAJdbcType() {
        assertThatThrownBy(() -> KeyForms.forColumn("t", "c", null, "INTEGER", 0, 0))
                .isInstanceOf(NullPointerException.class);
    }
}
