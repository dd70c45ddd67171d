package io.bloomgate.mysql;

import io.bloomgate.key.CodePointWeights;
import io.bloomgate.key.KeyForms;
import io.bloomgate.key.UnsupportedKeyTypeException;
import io.bloomgate.key.WeightKeyForm;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Key forms for text columns under case- or accent-insensitive collations on MariaDB
 * (docs/architecture.md, "MySQL and MariaDB"; research in shared/mysql-mariadb/README.md sections
 * 2.4 to 2.6). Stored keys are the server's {@code WEIGHT_STRING} of the value under the weighing
 * collation; probes are weighed locally from a per-code-point table read from the same server with
 * one query over MariaDB's SEQUENCE engine. Which code points the table holds:
 * <ul>
 *   <li>{@code utf8mb4}/{@code utf8mb3} {@code _general_ci}, {@code _general_nopad_ci}, {@code
 *       _unicode_ci}, {@code _unicode_520_ci} (and their {@code _nopad_} forms), {@code _bin} and
 *       {@code _nopad_bin} of utf8mb3: every code point the character set holds (measured exact:
 *       no contractions in these tables);</li>
 *   <li>8-bit character sets ({@code latin1_swedish_ci}, {@code latin1_general_ci}, ...): every
 *       byte value's character, after checking that each weighs exactly one byte and that no pair
 *       of them weighs other than the concatenation (one-to-one, no contractions);</li>
 *   <li>MariaDB's {@code uca1400} root collations (and the {@code utf8mb4_0900_*} aliases):
 *       weighed under the primary-level sibling ({@code _ai_ci}, coarser and hence safe), and only
 *       ASCII, minus any character of a pair whose weight is not the concatenation (the full table
 *       has contractions, e.g. Cyrillic I with breve).</li>
 * </ul>
 * Every table is also checked at build on all ASCII pairs. Language-tailored collations ({@code
 * czech}, {@code spanish2}, ...) and every other collation are refused; so is everything on MySQL
 * (no SEQUENCE engine there, and its 0900 tables have not been verified against a server).
 *
 * <p>Memory: one table per weighing collation and character set per catalog (that is, per gate
 * build), measured on MariaDB 10.11: about 300 KB for {@code utf8mb4_general_ci} and 410 KB for
 * {@code utf8mb4_unicode_ci} (their supplementary planes all weigh U+FFFD: shared pages), 6.9 MB
 * for {@code utf8mb4_unicode_520_ci} (algorithmic weights differ per code point), some 40 KB for
 * 8-bit sets and ASCII repertoires (mostly the page index). {@link CodePointWeights#memoryBytes()}
 * is logged when a table is read; reading one takes 0.5 to 3 s and about 10 MB while it is built.
 */
final class Collations {

    private static final Logger LOG = LoggerFactory.getLogger(Collations.class);

    private static final Set<String> UNICODE_CHARSETS = Set.of("utf8mb4", "utf8mb3");
    /** Suffixes (after {@code <charset>_}) whose full table is exact. */
    private static final Set<String> FULL = Set.of("general_ci", "general_nopad_ci", "unicode_ci", "unicode_nopad_ci",
            "unicode_520_ci", "unicode_520_nopad_ci", "bin", "nopad_bin");
    private static final Pattern UCA1400 = Pattern.compile("uca1400_(nopad_)?a[is]_c[is]");
    private static final Pattern MARIADB_0900 = Pattern.compile("0900_a[is]_c[is]");

    private final Connection connection;
    private final Map<String, CodePointWeights> tables = new HashMap<>();
    private Boolean mariaDb;

    Collations(Connection connection) {
        this.connection = connection;
    }

    /** What the gate guards a text key with: its weighing collation and repertoire. */
    private enum Repertoire { FULL, EIGHT_BIT, ASCII }

    /**
     * The form of a CHAR/VARCHAR key column under {@code collation}, or an {@link
     * UnsupportedKeyTypeException} naming the collation and what to do.
     */
    WeightKeyForm form(String qualified, String column, String type, String charset, String collation, int length)
            throws SQLException {
        String cs = charset.toLowerCase(Locale.ROOT);
        String c = collation.toLowerCase(Locale.ROOT);
        if (!isMariaDb()) {
            throw refuse(qualified, column, type, collation, charset, "MySQL's weight tables have not been verified"
                    + " against a server (bloomgate reads them on MariaDB only)");
        }
        String suffix = c.startsWith(cs + "_") ? c.substring(cs.length() + 1) : null;
        String weighing = c;
        Repertoire repertoire;
        if (suffix != null && UNICODE_CHARSETS.contains(cs) && FULL.contains(suffix)) {
            repertoire = Repertoire.FULL;
        } else if (suffix != null && UNICODE_CHARSETS.contains(cs) && UCA1400.matcher(suffix).matches()) {
            repertoire = Repertoire.ASCII;
            weighing = cs + "_uca1400_" + (suffix.contains("nopad") ? "nopad_" : "") + "ai_ci";
        } else if (suffix != null && cs.equals("utf8mb4") && MARIADB_0900.matcher(suffix).matches()) {
            repertoire = Repertoire.ASCII; // MariaDB's aliases of its uca1400 collations
            weighing = "utf8mb4_0900_ai_ci";
        } else if (maxLength(cs) == 1) {
            repertoire = Repertoire.EIGHT_BIT;
        } else {
            throw refuse(qualified, column, type, collation, charset, "is language-tailored or not supported: its"
                    + " equality has contractions or rules (Czech 'ch', Spanish 'll', ...) that a table of"
                    + " single-character weights does not reproduce");
        }
        boolean padSpace = !c.contains("nopad");
        String key = cs + "/" + weighing;
        CodePointWeights weights = tables.get(key);
        if (weights == null) {
            weights = read(qualified, column, type, collation, cs, weighing, repertoire);
            tables.put(key, weights);
        }
        byte[] padUnit = null;
        if (padSpace) {
            padUnit = weights.weight(' ');
            if (padUnit == null || padUnit.length == 0) {
                throw refuse(qualified, column, type, collation, charset, "is PAD SPACE, but the space has no weight"
                        + " under " + weighing);
            }
        }
        return KeyForms.collated(weighing, weights, padUnit, length, type + " as " + weighing + " weights"
                + (padSpace ? " without trailing space weights" : "") + (repertoire == Repertoire.ASCII
                        ? " (ASCII probes; others pass through)" : ""));
    }

    private CodePointWeights read(String qualified, String column, String type, String collation, String cs,
            String weighing, Repertoire repertoire) throws SQLException {
        long start = System.nanoTime();
        CodePointWeights.Builder b = CodePointWeights.builder();
        // A code point is in the table only if it survives a round trip through the column's
        // character set: a probe with another one would be '?' or error 1267 on the server.
        String ch = "CONVERT(CHAR(seq USING utf32) USING " + cs + ")";
        String sql = "SELECT seq, WEIGHT_STRING(" + ch + " COLLATE " + weighing + ") FROM seq_0_to_1114111"
                + " WHERE seq NOT BETWEEN 55296 AND 57343"
                + (repertoire == Repertoire.ASCII ? " AND seq < 128" : "")
                + " AND CAST(CONVERT(" + ch + " USING utf32) AS BINARY) = CAST(CHAR(seq USING utf32) AS BINARY)";
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                byte[] w = rs.getBytes(2);
                if (w != null) {
                    b.put(rs.getInt(1), w);
                }
            }
        } catch (SQLException e) {
            throw refuse(qualified, column, type, collation, cs, "needs a weight table read from the server, and"
                    + " reading it failed (" + e.getMessage() + "; the query uses MariaDB's SEQUENCE engine)");
        }
        byte[] space = b.get(' ');
        int unit = space == null || space.length == 0 ? 1 : space.length;
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            int length = b.length(cp);
            if (length < 0) {
                continue;
            }
            if (length % unit != 0) {
                // Trailing padding is stripped in whole units: a weight of another length would misalign it.
                throw refuse(qualified, column, type, collation, cs, "has weights of " + length + " bytes ("
                        + String.format("U+%04X", cp) + ") where the space's is " + unit + ": padding cannot be stripped");
            }
            if (repertoire == Repertoire.EIGHT_BIT && length != 1) {
                throw refuse(qualified, column, type, collation, cs, "is not a simple one-to-one collation ("
                        + String.format("U+%04X", cp) + " weighs " + length + " bytes: an expansion)");
            }
        }
        // Contractions: a pair whose weight is not the concatenation of its characters' weights.
        String pairs = repertoire == Repertoire.EIGHT_BIT
                ? pairQuery("CHAR(a.seq USING " + cs + ")", "CHAR(b.seq USING " + cs + ")", weighing, 255)
                : pairQuery("CONVERT(CHAR(a.seq USING utf32) USING " + cs + ")",
                        "CONVERT(CHAR(b.seq USING utf32) USING " + cs + ")", weighing, 127);
        int contracted = 0;
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(pairs)) {
            while (rs.next()) {
                contracted++;
                if (repertoire != Repertoire.ASCII) {
                    throw refuse(qualified, column, type, collation, cs, "has contractions (the pair "
                            + hexPair(rs.getBytes(1)) + " does not weigh as its two characters)");
                }
                // ASCII repertoire: leave both characters out; probes with them pass through.
                for (int cp : new String(rs.getBytes(1), java.nio.charset.StandardCharsets.UTF_8).codePoints().toArray()) {
                    b.remove(cp);
                }
            }
        }
        CodePointWeights weights = b.build();
        LOG.info("Read the weights of {} code points under {} ({}) in {} ms: {} KB on the heap{}",
                weights.mappedCodePoints(), weighing, cs, (System.nanoTime() - start) / 1_000_000,
                weights.memoryBytes() / 1024, contracted > 0 ? "; " + contracted + " contracting ASCII pairs left out" : "");
        return weights;
    }

    /** Pairs (as utf8mb4 bytes) of {@code seq_0_to_<max>} whose weight is not the concatenation of their characters'. */
    private static String pairQuery(String a, String b, String weighing, int max) {
        String table = "seq_0_to_" + max;
        return "SELECT CONVERT(CONCAT(" + a + ", " + b + ") USING utf8mb4) FROM " + table + " a JOIN " + table + " b"
                + " WHERE WEIGHT_STRING(CONCAT(" + a + ", " + b + ") COLLATE " + weighing + ") <> CONCAT("
                + "WEIGHT_STRING(" + a + " COLLATE " + weighing + "), WEIGHT_STRING(" + b + " COLLATE " + weighing + "))";
    }

    private static String hexPair(byte[] utf8) {
        StringBuilder s = new StringBuilder();
        new String(utf8, java.nio.charset.StandardCharsets.UTF_8).codePoints()
                .forEach(cp -> s.append(s.length() == 0 ? "" : " ").append(String.format("U+%04X", cp)));
        return s.toString();
    }

    private int maxLength(String charset) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT MAXLEN FROM information_schema.CHARACTER_SETS WHERE CHARACTER_SET_NAME = ?")) {
            ps.setString(1, charset);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    private boolean isMariaDb() throws SQLException {
        if (mariaDb == null) {
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT VERSION()")) {
                rs.next();
                mariaDb = rs.getString(1).toLowerCase(Locale.ROOT).contains("mariadb");
            }
        }
        return mariaDb;
    }

    static UnsupportedKeyTypeException refuse(String qualified, String column, String type, String collation,
            String charset, String why) {
        return new UnsupportedKeyTypeException(qualified, column, type, "has collation " + collation + " (character"
                + " set " + charset + "), which " + why + ". Guard a column with one of the collations the gate"
                + " reproduces exactly: utf8mb4_general_ci, utf8mb4_unicode_ci, utf8mb4_unicode_520_ci (or their"
                + " nopad forms), utf8mb4_bin, 8-bit ones such as latin1_swedish_ci, or uca1400 root collations"
                + " (ASCII probes only); e.g. ALTER TABLE ... MODIFY " + column + " " + type
                + " COLLATE utf8mb4_unicode_520_ci");
    }
}
