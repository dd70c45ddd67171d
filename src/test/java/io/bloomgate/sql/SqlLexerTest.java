package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The lexer numbers placeholders as JDBC does, and reads casts written around them. */
class SqlLexerTest {

    private static int params(String sql, Dialect d) {
        SqlLexer.Lexed l = SqlLexer.lex(sql, d);
        assertThat(l.error).as(sql).isNull();
        return l.parameterCount;
    }

    @Test
    void placeholdersOutsideLiteralsIdentifiersAndComments() {
        for (Dialect d : Dialect.values()) {
            // MySQL: "?" is a string or an identifier depending on sql_mode: refused (mysqlQuirks...).
            String quoted = d == Dialect.MYSQL ? "`?`" : "\"?\"";
            assertThat(params("select ?, '?', " + quoted + ", ? -- ?\n, ?", d)).isEqualTo(3);
            assertThat(params("select 'it''s ?', ? /* ? */", d)).isEqualTo(1);
            assertThat(params("select ?::int, x::text", d)).isEqualTo(1);
        }
        assertThat(params("select ? /* ? /* ? */ ? */, ?", Dialect.H2)).isEqualTo(2);
        assertThat(params("select ? /* ? /* ? */ ? */, ?", Dialect.POSTGRES)).isEqualTo(2);
        assertThat(params("select ?, 1 // ?\n, ?", Dialect.H2)).isEqualTo(2);
        assertThat(params("select $$ ? $$, ?", Dialect.H2)).isEqualTo(1);
        assertThat(params("select $a$ ? $a$, ?, a$b", Dialect.POSTGRES)).isEqualTo(1);
        assertThat(params("select E'\\' ?', ?", Dialect.POSTGRES)).isEqualTo(1);
        assertThat(params("select `?`, ?", Dialect.H2)).isEqualTo(1);
    }

    /** MySQL/MariaDB texts jOOQ would read otherwise than the server (measured on MariaDB 10.11). */
    @Test
    void mysqlQuirksAreErrorsAndPlainMysqlIsRead() {
        for (String sql : new String[] {"select 1 from t where k = \"x\"", "select 1 from t where k = 'a\\b'",
            "select 1 /*! + 1 */", "select 1 /*M! + 1 */", "select 1 # c", "select 1--1", "select 1 || 0",
            "select 1 && 0", "select !1", "select @v", "select @@sql_mode", "select _utf8mb4'x'", "select _latin1 'x'",
            "select N'x'", "select 'a' 'b'", "select 1 from t where k = ? for update",
            "select 1 from t where k = ? for share", "select 1 from t where k = ? lock in share mode",
            "select sql_calc_found_rows k from t", "select found_rows()", "select 1 /* a /* b */ */"}) {
            assertThat(SqlLexer.lex(sql, Dialect.MYSQL).error).as(sql).isNotNull();
        }
        assertThat(params("select `a``?`, ? from `t` where k = ? -- c\n and j != ?", Dialect.MYSQL)).isEqualTo(3);
        assertThat(params("select 1 - -1, ? /* ? */", Dialect.MYSQL)).isEqualTo(1);
    }

    @Test
    void ambiguousTextIsAnError() {
        assertThat(SqlLexer.lex("select ??", Dialect.POSTGRES).error).isNotNull();
        assertThat(SqlLexer.lex("select ?1", Dialect.H2).error).isNotNull();
        assertThat(SqlLexer.lex("select 'a\\'", Dialect.POSTGRES).error).isNotNull();
        assertThat(SqlLexer.lex("select 'a\\'", Dialect.OTHER).error).isNotNull();
        assertThat(SqlLexer.lex("select 'a\\'", Dialect.H2).error).isNull(); // H2 strings have no escapes
        assertThat(SqlLexer.lex("select /* /* */", Dialect.H2).error).isNotNull();
        assertThat(SqlLexer.lex("select \"x", Dialect.H2).error).isNotNull();
        assertThat(SqlLexer.lex("select :bg_1", Dialect.H2).error).isNotNull();
    }

    @Test
    void parseTextNamesEachPlaceholder() {
        SqlLexer.Lexed l = SqlLexer.lex("select * from t where a = ? and b = '?' and c in (?,?)", Dialect.H2);
        assertThat(l.parseText()).isEqualTo("select * from t where a =  :bg_1  and b = '?' and c in ( :bg_2 , :bg_3 )");
    }

    @Test
    void statementsAndLeadingKeywords() {
        assertThat(SqlLexer.lex("select 1;", Dialect.H2).statementCount).isEqualTo(1);
        assertThat(SqlLexer.lex("select 1;; ", Dialect.H2).statementCount).isEqualTo(1);
        assertThat(SqlLexer.lex("select 1; select 2", Dialect.H2).statementCount).isEqualTo(2);
        assertThat(SqlLexer.lex("select ';'", Dialect.H2).statementCount).isEqualTo(1);
        assertThat(SqlLexer.lex("((select 1))", Dialect.H2).leadingKeyword()).isEqualTo("SELECT");
        assertThat(SqlLexer.lex("{call x}", Dialect.H2).invokesProcedure()).isTrue();
        assertThat(SqlLexer.lex("select * from t for update", Dialect.H2).looksReadOnly()).isTrue();
        assertThat(SqlLexer.lex("with x as (delete from t) select 1", Dialect.H2).looksReadOnly()).isFalse();
    }

    @Test
    void castsAroundPlaceholders() {
        SqlLexer.Lexed l = SqlLexer.lex("select cast(? as varchar(10)), CAST(? AS character varying), ?::int8, "
                + "?::numeric(10, 2), cast(? as varchar_ignorecase), ?::text, ?::int[], cast(? as char), ?", Dialect.POSTGRES);
        assertThat(l.casts.get(1).cast()).isEqualTo(new ParameterCast(ParameterCast.Type.VARCHAR, 10, null));
        assertThat(l.casts.get(2).cast()).isEqualTo(new ParameterCast(ParameterCast.Type.VARCHAR, null, null));
        assertThat(l.casts.get(3).cast()).isEqualTo(new ParameterCast(ParameterCast.Type.BIGINT, null, null));
        assertThat(l.casts.get(4).cast()).isEqualTo(new ParameterCast(ParameterCast.Type.NUMERIC, 10, 2));
        assertThat(l.casts.get(5).cast()).isNull(); // written, but not a recognised type
        assertThat(l.casts.get(6).cast()).isEqualTo(new ParameterCast(ParameterCast.Type.VARCHAR, null, null));
        assertThat(l.casts.get(7).cast()).isNull();
        assertThat(l.casts.get(8).cast()).isEqualTo(new ParameterCast(ParameterCast.Type.CHAR, 1, null));
        assertThat(l.casts).doesNotContainKey(9);
        assertThat(SqlLexer.lex("select ?::text", Dialect.H2).casts.get(1).cast())
                .isEqualTo(new ParameterCast(ParameterCast.Type.CLOB, null, null));
    }

    @Test
    void castPreservesOnlyValuesItLeavesUnchanged() {
        ParameterCast v3 = new ParameterCast(ParameterCast.Type.VARCHAR, 3, null);
        assertThat(v3.preserves("abc")).isTrue();
        assertThat(v3.preserves("abcd")).isFalse(); // CAST('abcd' AS VARCHAR(3)) is 'abc'
        assertThat(v3.preserves(12)).isFalse();
        assertThat(v3.preserves(null)).isTrue();
        ParameterCast c3 = new ParameterCast(ParameterCast.Type.CHAR, 3, null);
        assertThat(c3.preserves("abc")).isTrue();
        assertThat(c3.preserves("ab")).isFalse(); // padded
        ParameterCast i = new ParameterCast(ParameterCast.Type.INTEGER, null, null);
        assertThat(i.preserves(42L)).isTrue();
        assertThat(i.preserves("042")).isTrue();
        assertThat(i.preserves(new BigDecimal("42.00"))).isTrue();
        assertThat(i.preserves(new BigDecimal("42.5"))).isFalse(); // rounds to 43
        assertThat(i.preserves(5_000_000_000L)).isFalse(); // out of range: an error
        assertThat(new ParameterCast(ParameterCast.Type.BIGINT, null, null).preserves(BigInteger.TWO.pow(70))).isFalse();
        ParameterCast n = new ParameterCast(ParameterCast.Type.NUMERIC, 5, 2);
        assertThat(n.preserves(new BigDecimal("123.45"))).isTrue();
        assertThat(n.preserves(new BigDecimal("123.456"))).isFalse();
        assertThat(n.preserves(new BigDecimal("1234.5"))).isFalse();
        assertThat(new ParameterCast(ParameterCast.Type.UUID, null, null).preserves(UUID.randomUUID())).isTrue();
        assertThat(new ParameterCast(ParameterCast.Type.VARBINARY, 2, null).preserves(new byte[3])).isFalse();
        assertThat(v3.toString()).isEqualTo("VARCHAR(3)");
        assertThat(n.toString()).isEqualTo("NUMERIC(5, 2)");
    }
}
