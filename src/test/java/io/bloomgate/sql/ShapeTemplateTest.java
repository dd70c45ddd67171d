package io.bloomgate.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A template finds the shape of a string-built text without lexing it, and must find exactly the
 * shape the lexer would ({@link StatementShape#of}), or none: checked against the lexer for texts
 * built with random literals, in every dialect.
 */
class ShapeTemplateTest {

    private static final String[] LEARNED = {
        "SELECT depth FROM visited WHERE url = 'https://example.com/a'",
        "SELECT depth FROM visited WHERE url = 'https://example.com/a';",
        "select count(*) from visited where url = 'x' and depth = 3",
        "SELECT * FROM t WHERE id IN (1, 2, 3) ORDER BY id",
        "SELECT payload FROM t WHERE id = 42",
        "SELECT payload FROM t WHERE id = 4.5 LIMIT 1",
        "SELECT payload FROM t WHERE name = 'a' AND id = ? AND tag = 'b'",
        "SELECT payload FROM t WHERE (id = 7)",
    };

    /** Literal texts: plain ones, and ones that must not be read as the learned literal's kind. */
    private static final String[] PIECES = {"'", "''", "\\", ";", "--", "/*", "*/", "$", "$$", "e", "E", "5", "0",
        ".", " ", "\n", ")", "(", ",", "a", "Z", "é", "?", "\"", "`", "#", "x'", "N'", "U&'"};

    @Test
    void aTextOfTheLearnedShapeIsMatchedWithItsOwnLiterals() {
        String learned = "SELECT depth FROM visited WHERE url = 'https://example.com/a'";
        ShapeTemplate template = ShapeTemplate.of(learned, StatementShape.of(learned, Dialect.H2));
        StatementShape shape = template.match("SELECT depth FROM visited WHERE url = 'O''Brien; --'");
        assertThat(shape).isNotNull();
        assertThat(shape.literals()).containsExactly("O'Brien; --");
        assertSame(shape, StatementShape.of("SELECT depth FROM visited WHERE url = 'O''Brien; --'", Dialect.H2));
    }

    @Test
    void aTextThatDiffersOutsideALiteralOrInItsKindIsNotMatched() {
        String learned = "SELECT payload FROM t WHERE id = 42 AND name = 'a'";
        ShapeTemplate template = ShapeTemplate.of(learned, StatementShape.of(learned, Dialect.H2));
        assertThat(template.match("SELECT payload FROM t WHERE id = 43 AND name = 'bb'")).isNotNull();
        for (String other : new String[] {
            "SELECT payload FROM t WHERE id = '43' AND name = 'bb'", // another kind
            "SELECT payload FROM t WHERE id = 4e3 AND name = 'bb'", // an exponent
            "SELECT payload FROM t WHERE id = 43 AND name = 'b\\'", // a backslash
            "SELECT payload FROM t WHERE id = 43 AND name = 'bb' OR 1 = 1", // more text
            "SELECT payload FROM t WHERE id = 43 AND  name = 'bb'", // other text
            "SELECT payload FROM t WHERE id = 43 AND name = 'bb", // unterminated
            "SELECT payload FROM t WHERE id = 43AND name = 'bb'", // no separator after the literal
        }) {
            assertThat(template.match(other)).as(other).isNull();
        }
    }

    @Test
    void everyMatchIsTheLexersShapeInEveryDialect() {
        Random random = new Random(24);
        int matched = 0;
        for (Dialect dialect : Dialect.values()) {
            for (String learned : LEARNED) {
                StatementShape learnedShape = StatementShape.of(learned, dialect);
                if (learnedShape == null) {
                    continue;
                }
                ShapeTemplate template = ShapeTemplate.of(learned, learnedShape);
                if (template == null) {
                    continue;
                }
                assertSame(template.match(learned), learnedShape);
                for (int n = 0; n < 2_000; n++) {
                    String text = mutate(learned, learnedShape.spans(), random);
                    StatementShape fast = template.match(text);
                    int[] spans = new int[2 * template.literals()];
                    assertThat(template.read(text, spans)).as(text).isEqualTo(fast != null);
                    if (fast != null) {
                        matched++;
                        StatementShape lexed = StatementShape.of(text, dialect);
                        assertThat(lexed).as("%s: %s", dialect, text).isNotNull();
                        assertSame(fast, lexed);
                        assertInPlaceReadsAreTheLexers(text, template, spans, lexed);
                    }
                }
            }
        }
        assertThat(matched).as("texts matched (the property is not vacuous)").isGreaterThan(10_000);
    }

    /**
     * What the gate reads in place from a matched text ({@link ShapeTemplate#read}'s spans, a string
     * without doubled quotes between its quotes, a short integer's digits) is the lexer's value.
     */
    private static void assertInPlaceReadsAreTheLexers(String text, ShapeTemplate template, int[] spans,
            StatementShape lexed) {
        assertThat(spans).as(text).containsExactly(lexed.spans());
        for (int i = 0, slot = 0; i < template.literals(); i++, slot++) {
            while (lexed.sources()[slot] != 0) {
                slot++;
            }
            Object value = lexed.literals()[slot];
            assertThat(template.literal(text, spans, i)).as(text).isEqualTo(value);
            if (template.string(i)) {
                if (ShapeTemplate.undoubled(text, spans, i)) {
                    assertThat(text.substring(spans[2 * i] + 1, spans[2 * i + 1] - 1)).as(text).isEqualTo(value);
                } else {
                    assertThat((String) value).as(text).contains("'");
                }
            } else {
                long small = ShapeTemplate.smallInteger(text, spans, i);
                if (small >= 0) {
                    assertThat(value).as(text).isEqualTo(small);
                } else {
                    assertThat(text.substring(spans[2 * i], spans[2 * i + 1])).as(text)
                            .matches("[0-9]{19,}|[0-9]+\\.[0-9]*");
                }
            }
        }
    }

    @Test
    void inPlaceReadsCoverEveryLiteralFormTheTemplateAccepts() {
        String learned = "SELECT payload FROM t WHERE name = 'a' AND id = 42";
        ShapeTemplate template = ShapeTemplate.of(learned, StatementShape.of(learned, Dialect.H2));
        for (String name : new String[] {"''", "'O''Brien'", "''''", "'trailing  '", "'\u00e9t\u00e9'", "'\ud83d\ude00'",
            "'\ud83d'", "'a\u0000b'", "'--'", "'/*'", "';'"}) {
            for (String id : new String[] {"0", "007", "123456789012345678", "1234567890123456789",
                "0000000000000000000042", "99999999999999999999", "1.5", "2.", "1.0", "0.000"}) {
                String text = "SELECT payload FROM t WHERE name = " + name + " AND id = " + id;
                int[] spans = new int[4];
                assertThat(template.read(text, spans)).as(text).isTrue();
                for (Dialect dialect : Dialect.values()) {
                    StatementShape lexed = StatementShape.of(text, dialect);
                    assertThat(lexed).as("%s: %s", dialect, text).isNotNull();
                    assertSame(template.match(text), lexed);
                    assertInPlaceReadsAreTheLexers(text, template, spans, lexed);
                }
            }
        }
    }

    /** The learned text with each literal replaced by a random plain literal or random characters. */
    private static String mutate(String learned, int[] spans, Random random) {
        StringBuilder b = new StringBuilder();
        int pos = 0;
        for (int i = 0; i < spans.length; i += 2) {
            b.append(learned, pos, spans[i]);
            boolean string = learned.charAt(spans[i]) == '\'';
            int kind = random.nextInt(5);
            if (kind == 4) {
                b.append(string ? randomString(random) : randomNumber(random));
            } else if (kind == 0) {
                b.append(string ? "'" : "").append(random.nextInt(1000)).append(string ? "'" : "");
            } else if (kind == 1 && string) {
                b.append("'").append(pieces(random)).append("'");
            } else if (kind == 1) {
                b.append(random.nextInt(100)).append('.').append(random.nextInt(100));
            } else {
                b.append(pieces(random)); // anything: mostly not a literal of the kind
            }
            pos = spans[i + 1];
        }
        b.append(learned, pos, learned.length());
        return b.toString();
    }

    /** A string literal: doubled quotes, non-ASCII, surrogate pairs and lone surrogates, trailing spaces. */
    static String randomString(Random random) {
        String[] parts = {"''", "a", "Z", " ", "  ", "\u00e9", "\u4e2d", "\ud83d\ude00", "\ud83d", "\ude00", "/", "0", "\t"};
        StringBuilder b = new StringBuilder("'");
        for (int i = random.nextInt(8); i > 0; i--) {
            b.append(parts[random.nextInt(parts.length)]);
        }
        return b.append("'").toString();
    }

    /** A number literal the template accepts: digits (leading zeros, up to 25 of them), with a point or not. */
    static String randomNumber(Random random) {
        StringBuilder b = new StringBuilder();
        for (int i = 1 + random.nextInt(random.nextBoolean() ? 4 : 25); i > 0; i--) {
            b.append((char) ('0' + random.nextInt(10)));
        }
        int form = random.nextInt(4);
        if (form == 1) {
            b.append('.');
        } else if (form == 2) {
            b.append('.').append(random.nextInt(1000));
        }
        return b.toString();
    }

    private static String pieces(Random random) {
        StringBuilder b = new StringBuilder();
        for (int i = random.nextInt(6); i >= 0; i--) {
            b.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return b.toString();
    }

    private static void assertSame(StatementShape actual, StatementShape expected) {
        assertThat(actual).isNotNull();
        assertThat(actual.key()).isEqualTo(expected.key());
        assertThat(actual.text()).isEqualTo(expected.text());
        assertThat(actual.sources()).containsExactly(expected.sources());
        assertThat(Arrays.asList(actual.literals())).isEqualTo(Arrays.asList(expected.literals()));
        assertThat(actual.spans()).containsExactly(expected.spans());
    }
}
