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
                    if (fast != null) {
                        matched++;
                        StatementShape lexed = StatementShape.of(text, dialect);
                        assertThat(lexed).as("%s: %s", dialect, text).isNotNull();
                        assertSame(fast, lexed);
                    }
                }
            }
        }
        assertThat(matched).as("texts matched (the property is not vacuous)").isGreaterThan(10_000);
    }

    /** The learned text with each literal replaced by a random plain literal or random characters. */
    private static String mutate(String learned, int[] spans, Random random) {
        StringBuilder b = new StringBuilder();
        int pos = 0;
        for (int i = 0; i < spans.length; i += 2) {
            b.append(learned, pos, spans[i]);
            boolean string = learned.charAt(spans[i]) == '\'';
            int kind = random.nextInt(4);
            if (kind == 0) {
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
