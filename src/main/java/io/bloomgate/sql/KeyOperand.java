package io.bloomgate.sql;

/** One key a lookup asks for or a write adds: a JDBC parameter or a literal written in the SQL text. */
public sealed interface KeyOperand {

    /**
     * A parameter placeholder.
     *
     * @param index the 1-based JDBC parameter index
     * @param cast  {@code null} for a bare {@code ?}; otherwise the cast the SQL text applies to it
     *              ({@code CAST(? AS VARCHAR(100))}, {@code ?::bigint}) — jOOQ renders one around every
     *              bind value on H2. The database compares the <em>cast</em> value, so a lookup may
     *              treat the bound value as the key only when {@link ParameterCast#preserves} says the
     *              cast leaves it unchanged (a {@code VARCHAR(3)} cast truncates {@code 'abcdef'}), and
     *              must pass through otherwise. Writes with a cast key report {@code keysUnknown}.
     */
    record Parameter(int index, ParameterCast cast) implements KeyOperand {

        public Parameter {
            if (index < 1) {
                throw new IllegalArgumentException("parameter index must be >= 1: " + index);
            }
        }

        /** A bare {@code ?}. */
        public Parameter(int index) {
            this(index, null);
        }
    }

    /**
     * An array parameter of {@code key = ANY(?)}: every element of the bound array is a key (an
     * empty array or a NULL matches nothing).
     *
     * @param index the 1-based JDBC parameter index
     */
    record ArrayParameter(int index) implements KeyOperand {
    }

    /**
     * A literal as the parser read it: {@link Long}, {@link java.math.BigInteger}, {@link
     * java.math.BigDecimal}, {@link String}, {@code byte[]} (H2 {@code X'..'} only), {@link Boolean},
     * or {@code null} for {@code NULL} (which equals nothing: a lookup for it is empty). Writes may also
     * carry other types (dates...) for the key layer to accept or refuse.
     */
    record Literal(Object value) implements KeyOperand {
    }
}
