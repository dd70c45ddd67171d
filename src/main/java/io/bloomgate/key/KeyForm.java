package io.bloomgate.key;

/**
 * How the values of one key column become canonical bytes for the filter (docs/architecture.md section 3).
 *
 * <p>Implementations are immutable and thread-safe; obtain them from {@link KeyForms}. For the
 * common inputs ({@link Integer}, {@link Long}, {@link String}, {@link java.util.UUID}) {@link
 * #canonicalize} allocates nothing once the buffer has grown, and for {@link java.math.BigDecimal}
 * nothing beyond what normalising the decimal requires.
 */
public interface KeyForm {

    /**
     * Writes the canonical bytes of {@code value} to {@code out}. The buffer is reset first; after
     * {@link Canonical#NULL} or {@link Canonical#NOT_EXACT} it is left empty.
     *
     * @param value the parameter value as the application bound it (any setter), or {@code null}
     * @param out the buffer to reset and fill
     * @return {@link Canonical#EXACT} when bytes were written, {@link Canonical#NULL} for {@code
     *     null}, {@link Canonical#NOT_EXACT} when the statement must pass through
     */
    Canonical canonicalize(Object value, KeyBuffer out);

    /**
     * {@link #canonicalize} for a value bound with {@code setInt}/{@code setLong}/{@code setShort}/
     * {@code setByte}, without boxing it. The default boxes; integer forms override it, so the
     * gate's hot path for integer keys allocates nothing.
     *
     * @param value the integer the application bound
     * @param out the buffer to reset and fill
     * @return as {@link #canonicalize}
     */
    default Canonical canonicalizeLong(long value, KeyBuffer out) {
        return canonicalize(value, out);
    }

    /**
     * {@link #canonicalize} of the string {@code text.substring(from, to)}, without making it: the
     * same verdict and bytes. For a key written as a literal in SQL text, read in place (issue 24:
     * a string-built lookup is decided from its text). The default makes the substring; character
     * forms override it.
     *
     * @param text the text holding the string
     * @param from its first character
     * @param to   the end of it (exclusive)
     * @param out  the buffer to reset and fill
     * @return as {@link #canonicalize}
     */
    default Canonical canonicalizeString(String text, int from, int to, KeyBuffer out) {
        return canonicalize(text.substring(from, to), out);
    }

    /**
     * Describes the form for reports and logs, e.g. {@code "BIGINT as 64-bit integer"}.
     *
     * @return a short human-readable description
     */
    String describe();
}
