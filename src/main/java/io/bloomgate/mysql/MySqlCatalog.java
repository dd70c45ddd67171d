package io.bloomgate.mysql;

import io.bloomgate.key.KeyForm;
import io.bloomgate.key.KeyForms;
import io.bloomgate.key.UnsupportedKeyTypeException;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.GuardedTable;
import io.bloomgate.sync.CatalogReader;
import io.bloomgate.sync.ColumnType;
import java.sql.Connection;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The catalog of a MySQL or MariaDB server, read from {@code information_schema} (the drivers'
 * {@code DatabaseMetaData} reports databases as catalogs and does not show collations).
 *
 * <p>Names: a guard names a table of the connection's current database ({@code DATABASE()}, the
 * JDBC catalog), optionally qualified with it; backticks or double quotes around a name are
 * removed, and table names are exact (case-sensitive), as under {@code lower_case_table_names = 0},
 * the only setting guarded for now. Column names compare case-insensitively, as MySQL compares
 * them; the guarded table lists them in lower case (the statement recogniser folds column names
 * to lower case on this dialect).
 *
 * <p>Key equality, exact or refused at build with the column, its type or collation, and what to
 * do: integer columns (signed and unsigned; {@code BIGINT UNSIGNED} as a decimal, since it
 * exceeds a 64-bit signed value); {@code VARBINARY}; {@code CHAR}/{@code VARCHAR} in {@code
 * utf8mb4} with a binary collation: {@code utf8mb4_bin} is PAD SPACE (trailing spaces are ignored
 * in comparisons: stripped from the key), {@code utf8mb4_nopad_bin} and {@code utf8mb4_0900_bin}
 * are NO PAD (exact UTF-8; CHAR refused, its stored values lose their trailing spaces). Case- and
 * accent-insensitive collations on MariaDB ('ABC' finds 'abc'): the key is the collation's weight
 * string, computed by the server for stored rows and from a weight table read from it for probes
 * ({@link Collations}: general, unicode, unicode_520, 8-bit one-to-one collations, uca1400 root
 * for ASCII probes). Refused: language-tailored collations, DECIMAL (MySQL
 * compares a string with a decimal as a double), floating point, time types, BINARY(n) (zero
 * padding), ENUM, SET, JSON, large objects, generated columns, key columns that a foreign key
 * changes by {@code ON UPDATE CASCADE} (no trigger fires, no write passes the gate), and tables
 * with BEFORE INSERT/UPDATE triggers (which may rewrite the key the gate saw).
 */
public final class MySqlCatalog extends CatalogReader {

    /** Binary utf8mb4 collations and whether they are PAD SPACE. */
    private static final Map<String, Boolean> BINARY_COLLATIONS = Map.of(
            "utf8mb4_bin", true, "utf8mb4_nopad_bin", false, "utf8mb4_0900_bin", false);

    private static final Set<String> INTEGERS = Set.of("tinyint", "smallint", "mediumint", "int", "bigint");

    private final Connection connection;
    /** Weight tables read for this catalog (one gate's build), shared by its guards. */
    private final Collations collations;

    private MySqlCatalog(Connection connection, String database) {
        super(connection, Dialect.MYSQL, database);
        this.connection = connection;
        this.collations = new Collations(connection);
    }

    /**
     * Reads the connection's current database.
     *
     * @throws IllegalArgumentException if the connection has no current database, or {@code
     *     lower_case_table_names} is not 0
     */
    public static MySqlCatalog of(Connection connection) throws SQLException {
        String database;
        int lowerCaseTableNames;
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT DATABASE(), @@lower_case_table_names")) {
            rs.next();
            database = rs.getString(1);
            lowerCaseTableNames = rs.getInt(2);
        }
        if (database == null) {
            throw new IllegalArgumentException("Cannot guard tables on this MySQL/MariaDB connection: it has no"
                    + " current database. Name one in the JDBC URL (jdbc:mariadb://host/database).");
        }
        if (lowerCaseTableNames != 0) {
            throw new IllegalArgumentException("Cannot guard tables on this MySQL/MariaDB server: its"
                    + " lower_case_table_names is " + lowerCaseTableNames + ", and only 0 (case-sensitive table"
                    + " names, the Linux default) is supported for now.");
        }
        return new MySqlCatalog(connection, database);
    }

    private static String unquote(String name) {
        String n = name.trim();
        if (n.length() >= 2 && (n.startsWith("`") && n.endsWith("`") || n.startsWith("\"") && n.endsWith("\""))) {
            char q = n.charAt(0);
            return n.substring(1, n.length() - 1).replace("" + q + q, "" + q);
        }
        return n;
    }

    private static int dotOutsideQuotes(String name) {
        char quote = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '`' || c == '"') {
                quote = c;
            } else if (c == '.') {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether {@code table} ({@code [database.]table}, read as {@link #resolve} reads it) exists: the
     * {@code jdbc:bloomgate:} driver's {@code await-tables} waits for it before building.
     */
    public boolean tableExists(String table) throws SQLException {
        String database = defaultSchema();
        String name = table.trim();
        int dot = dotOutsideQuotes(name);
        if (dot > 0) {
            database = unquote(name.substring(0, dot));
            name = name.substring(dot + 1);
        }
        return tableType(database, unquote(name)) != null;
    }

    @Override
    public KeyColumn resolve(String table, String column) throws SQLException {
        String database = defaultSchema();
        String name = table.trim();
        int dot = dotOutsideQuotes(name);
        if (dot > 0) {
            String qualifier = unquote(name.substring(0, dot));
            if (!qualifier.equals(database)) {
                throw new IllegalArgumentException(String.format("Cannot guard %s.%s: the table is in database %s,"
                        + " not in the connection's database %s; only tables of the connection's database are"
                        + " guarded for now (connect to %s, or guard from a data source whose URL names it).",
                        table, column, qualifier, database, qualifier));
            }
            name = name.substring(dot + 1);
        }
        String tableName = unquote(name);
        String columnName = unquote(column).toLowerCase(Locale.ROOT);
        String qualified = database + "." + tableName;

        String tableType = tableType(database, tableName);
        if (tableType == null) {
            throw new IllegalArgumentException(String.format("Cannot guard %s.%s: there is no table %s in database %s"
                    + " (table names are case-sensitive here; tables: %s)", table, column, tableName, database,
                    tables(database)));
        }
        if (!tableType.equals("BASE TABLE")) {
            throw new IllegalArgumentException(String.format("Cannot guard %s.%s: %s is a %s, not a table. Rows reach"
                    + " it through other tables, whose writes would not reach its filter: guard the key column of the"
                    + " table it reads from instead.", table, column, qualified, tableType));
        }
        Map<String, ColumnType> types = new LinkedHashMap<>();
        Column key = null;
        try (PreparedStatement ps = connection.prepareStatement("SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE,"
                + " CHARACTER_SET_NAME, COLLATION_NAME, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE,"
                + " EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
                + " ORDER BY ORDINAL_POSITION")) {
            ps.setString(1, database);
            ps.setString(2, tableName);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Column c = new Column(rs.getString(1), rs.getString(2).toLowerCase(Locale.ROOT),
                            rs.getString(3).toLowerCase(Locale.ROOT), rs.getString(4), rs.getString(5),
                            rs.getLong(6), rs.getInt(7), rs.getInt(8), rs.getString(9));
                    types.put(c.name.toLowerCase(Locale.ROOT), c.columnType());
                    if (c.name.toLowerCase(Locale.ROOT).equals(columnName)) {
                        key = c;
                    }
                }
            }
        }
        if (key == null) {
            throw new IllegalArgumentException(String.format("Cannot guard %s.%s: table %s has no column %s (its"
                    + " columns: %s)", table, column, qualified, columnName, String.join(", ", types.keySet())));
        }
        KeyForm form = keyForm(qualified, key);
        refuseCascades(qualified, key, database, tableName);
        refuseRewritingTriggers(qualified, key, database, tableName);
        GuardedTable guarded = new GuardedTable(database, tableName, columnName, new ArrayList<>(types.keySet()));
        ColumnType keyType = types.get(columnName);
        return new KeyColumn(guarded, form, keyType.type(), types, key.fullType + " " + key.collation);
    }

    /**
     * Every column of a table in ordinal order (names in lower case), with its type as {@link
     * KeyColumn#columnTypes} has it; empty if there is no such table. A rebuild compares it with the
     * guard's ({@code TableDefinition}).
     */
    public static Map<String, ColumnType> columnTypes(Connection connection, String database, String table)
            throws SQLException {
        Map<String, ColumnType> types = new LinkedHashMap<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE,"
                + " CHARACTER_SET_NAME, COLLATION_NAME, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE,"
                + " EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
                + " ORDER BY ORDINAL_POSITION")) {
            ps.setString(1, database);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Column c = new Column(rs.getString(1), rs.getString(2).toLowerCase(Locale.ROOT),
                            rs.getString(3).toLowerCase(Locale.ROOT), rs.getString(4), rs.getString(5),
                            rs.getLong(6), rs.getInt(7), rs.getInt(8), rs.getString(9));
                    types.put(c.name.toLowerCase(Locale.ROOT), c.columnType());
                }
            }
        }
        return types;
    }

    /** One row of information_schema.COLUMNS. */
    private record Column(String name, String dataType, String fullType, String charset, String collation,
            long length, int precision, int scale, String extra) {

        boolean unsigned() {
            return fullType.contains("unsigned");
        }

        /**
         * The column's type for the read path's parameter checks. The type name carries the
         * character set: a non-ASCII string compared with a column of another character set than
         * utf8mb4 is an error ({@code BoundValues}).
         */
        ColumnType columnType() {
            String typeName = fullType + (charset == null ? "" : " " + charset);
            int size = (int) Math.min(Integer.MAX_VALUE, Math.max(length, 0));
            switch (dataType) {
                case "tinyint": return new ColumnType(unsigned() ? JDBCType.SMALLINT : JDBCType.TINYINT, typeName, 0, 0);
                case "smallint": return new ColumnType(unsigned() ? JDBCType.INTEGER : JDBCType.SMALLINT, typeName, 0, 0);
                case "mediumint": return new ColumnType(JDBCType.INTEGER, typeName, 0, 0);
                case "int": return new ColumnType(unsigned() ? JDBCType.BIGINT : JDBCType.INTEGER, typeName, 0, 0);
                case "bigint": return unsigned() ? new ColumnType(JDBCType.DECIMAL, typeName, 20, 0)
                        : new ColumnType(JDBCType.BIGINT, typeName, 0, 0);
                case "decimal": return new ColumnType(JDBCType.DECIMAL, typeName, precision, scale);
                case "char": return new ColumnType(JDBCType.CHAR, typeName, size, 0);
                case "varchar": return new ColumnType(JDBCType.VARCHAR, typeName, size, 0);
                case "binary": return new ColumnType(JDBCType.BINARY, typeName, size, 0);
                case "varbinary": return new ColumnType(JDBCType.VARBINARY, typeName, size, 0);
                case "tinytext": case "text": case "mediumtext": case "longtext":
                    return new ColumnType(JDBCType.LONGVARCHAR, typeName, size, 0);
                case "tinyblob": case "blob": case "mediumblob": case "longblob":
                    return new ColumnType(JDBCType.LONGVARBINARY, typeName, size, 0);
                default: return new ColumnType(JDBCType.OTHER, typeName, 0, 0);
            }
        }
    }

    private KeyForm keyForm(String qualified, Column c) throws SQLException {
        String type = c.fullType;
        if (c.extra != null && (c.extra.toUpperCase(Locale.ROOT).contains("GENERATED")
                || c.extra.toUpperCase(Locale.ROOT).contains("VIRTUAL")
                || c.extra.toUpperCase(Locale.ROOT).contains("PERSISTENT")
                || c.extra.toUpperCase(Locale.ROOT).contains("STORED"))) {
            throw new UnsupportedKeyTypeException(qualified, c.name, type, "is a generated column: the server"
                    + " computes its values from other columns, which writes can change without naming the key");
        }
        if (INTEGERS.contains(c.dataType)) {
            boolean u = c.unsigned();
            switch (c.dataType) {
                case "tinyint": return u ? KeyForms.integer(0, 255) : KeyForms.tinyint();
                case "smallint": return u ? KeyForms.integer(0, 65_535) : KeyForms.smallint();
                case "mediumint": return u ? KeyForms.integer(0, 16_777_215) : KeyForms.integer(-8_388_608, 8_388_607);
                case "int": return u ? KeyForms.integer(0, 4_294_967_295L) : KeyForms.integer();
                default:
                    // Up to 2^64 - 1: the exact decimal form (every integer value is exact in it).
                    return u ? KeyForms.decimal(20, 0) : KeyForms.bigint();
            }
        }
        if (c.dataType.equals("varbinary")) {
            return KeyForms.binary();
        }
        if (c.dataType.equals("char") || c.dataType.equals("varchar")) {
            Boolean padSpace = c.collation == null ? null : BINARY_COLLATIONS.get(c.collation.toLowerCase(Locale.ROOT));
            int length = (int) Math.min(Integer.MAX_VALUE, c.length);
            if (padSpace == null) {
                if (c.collation == null || c.charset == null) {
                    throw new UnsupportedKeyTypeException(qualified, c.name, type, "has no collation in"
                            + " information_schema.COLUMNS; not supported");
                }
                if (c.dataType.equals("char") && c.collation.toLowerCase(Locale.ROOT).contains("nopad")) {
                    throw new UnsupportedKeyTypeException(qualified, c.name, type, "with the NO PAD collation "
                            + c.collation + " is not supported yet (CHAR values lose their trailing spaces when"
                            + " stored unless sql_mode has PAD_CHAR_TO_FULL_LENGTH); use VARCHAR");
                }
                // Case- or accent-insensitive: weights computed by the server (stored keys) and from
                // its weight table (probes), or refused naming the collation.
                return collations.form(qualified, c.name, type, c.charset, c.collation, length);
            }
            if (padSpace) {
                return KeyForms.paddedChar(length); // PAD SPACE: 'a' = 'a  '
            }
            if (c.dataType.equals("char")) {
                throw new UnsupportedKeyTypeException(qualified, c.name, type, "with the NO PAD collation "
                        + c.collation + " is not supported yet (CHAR values lose their trailing spaces when stored"
                        + " unless sql_mode has PAD_CHAR_TO_FULL_LENGTH); use VARCHAR, or utf8mb4_bin");
            }
            return KeyForms.varchar(length);
        }
        String reason = switch (c.dataType) {
            case "float", "double", "real" -> "is floating point: equality is not exact";
            case "decimal" -> "is DECIMAL: MySQL compares it with a string parameter as a double; not supported yet";
            case "binary" -> "is BINARY(n): values are padded with zero bytes, and comparisons depend on it;"
                    + " use VARBINARY";
            case "enum", "set" -> "is an ENUM/SET: it compares by member name under a collation, or by index";
            case "json" -> "is JSON: equality is not byte equality";
            default -> "has no exact equality the gate reproduces (time types, large objects, spatial and"
                    + " others are refused)";
        };
        throw new UnsupportedKeyTypeException(qualified, c.name, type, reason);
    }

    /**
     * A foreign key with {@code ON UPDATE CASCADE} or {@code SET DEFAULT} changes the child's key
     * inside the parent's UPDATE: no trigger fires and the write does not name the child table.
     */
    private void refuseCascades(String qualified, Column key, String database, String table) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT r.CONSTRAINT_NAME, r.UPDATE_RULE"
                + " FROM information_schema.REFERENTIAL_CONSTRAINTS r JOIN information_schema.KEY_COLUMN_USAGE k"
                + " ON k.CONSTRAINT_SCHEMA = r.CONSTRAINT_SCHEMA AND k.CONSTRAINT_NAME = r.CONSTRAINT_NAME"
                + " AND k.TABLE_NAME = r.TABLE_NAME"
                + " WHERE r.CONSTRAINT_SCHEMA = ? AND r.TABLE_NAME = ? AND LOWER(k.COLUMN_NAME) = ?"
                + " AND r.UPDATE_RULE IN ('CASCADE', 'SET DEFAULT')")) {
            ps.setString(1, database);
            ps.setString(2, table);
            ps.setString(3, key.name.toLowerCase(Locale.ROOT));
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    throw new UnsupportedKeyTypeException(qualified, key.name, key.fullType, "is changed by foreign"
                            + " key " + rs.getString(1) + " (ON UPDATE " + rs.getString(2) + "), which neither fires"
                            + " triggers nor passes through the gate; drop the ON UPDATE rule or guard another column");
                }
            }
        }
    }

    /** A BEFORE INSERT/UPDATE trigger may set NEW.key to something else than the statement wrote. */
    private void refuseRewritingTriggers(String qualified, Column key, String database, String table)
            throws SQLException {
        String trigger = rewritingTrigger(connection, database, table);
        if (trigger != null) {
            throw new UnsupportedKeyTypeException(qualified, key.name, key.fullType, "is in a table with the"
                    + " BEFORE trigger " + trigger + ", which may change the key a statement wrote;"
                    + " not supported yet");
        }
    }

    /**
     * The first BEFORE INSERT/UPDATE trigger of the table, or null. Also read by the change feed's
     * checks (through {@link MySqlSchema#hookFingerprint}), for one created after {@code build()}.
     */
    static String rewritingTrigger(Connection connection, String database, String table) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT TRIGGER_NAME FROM information_schema.TRIGGERS"
                + " WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ? AND ACTION_TIMING = 'BEFORE'"
                + " AND EVENT_MANIPULATION IN ('INSERT', 'UPDATE')")) {
            ps.setString(1, database);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private String tableType(String database, String table) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT TABLE_TYPE FROM information_schema.TABLES"
                + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
            ps.setString(1, database);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private String tables(String database) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT TABLE_NAME FROM information_schema.TABLES"
                + " WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME LIMIT 20")) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    @Override
    public long estimateRows(GuardedTable table) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM `"
                + table.schema().replace("`", "``") + "`.`" + table.table().replace("`", "``") + "`")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
