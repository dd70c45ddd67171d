package io.bloomgate.sync;

import io.bloomgate.key.KeyForm;
import io.bloomgate.key.KeyForms;
import io.bloomgate.key.UnsupportedKeyTypeException;
import io.bloomgate.sql.Dialect;
import io.bloomgate.sql.GuardedTable;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
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

/**
 * Resolves a guard's table and column names against the database catalog the way the database
 * resolves unquoted identifiers, and decides how the key column's values become keys. Every
 * failure names the table or column and says what to do.
 */
public class CatalogReader {

    /** A resolved key column: the table, how its keys look, and every column's type. */
    /**
     * @param keyTypeSignature the key column's type as the catalog describes it (name, size, scale):
     *                         if it ever reads differently, the key form no longer applies
     */
    public record KeyColumn(GuardedTable table, KeyForm keyForm, JDBCType keyType, Map<String, ColumnType> columnTypes,
            String keyTypeSignature) {
    }

    private final Connection connection;
    private final Dialect dialect;
    private final String defaultSchema;

    public CatalogReader(Connection connection, Dialect dialect) throws SQLException {
        this.connection = connection;
        this.dialect = dialect;
        String schema = connection.getSchema();
        this.defaultSchema = schema != null ? schema : fold("PUBLIC");
    }

    /** For a database whose catalog is read otherwise ({@code mysql.MySqlCatalog}). */
    protected CatalogReader(Connection connection, Dialect dialect, String defaultSchema) {
        this.connection = connection;
        this.dialect = dialect;
        this.defaultSchema = defaultSchema;
    }

    /** The dialect of a database product name. */
    public static Dialect dialectOf(String product) {
        if (product.startsWith("H2")) {
            return Dialect.H2;
        }
        if (product.startsWith("PostgreSQL")) {
            return Dialect.POSTGRES;
        }
        if (product.startsWith("MySQL") || product.startsWith("MariaDB")) {
            return Dialect.MYSQL;
        }
        return Dialect.OTHER;
    }

    public String defaultSchema() {
        return defaultSchema;
    }

    /** How the database folds an unquoted identifier; a double-quoted one is taken as written. */
    String fold(String name) {
        return fold(name, dialect);
    }

    /** How {@code dialect} folds an unquoted identifier; a double-quoted one is taken as written. */
    public static String fold(String name, Dialect dialect) {
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
            return name.substring(1, name.length() - 1).replace("\"\"", "\"");
        }
        return dialect == Dialect.POSTGRES ? name.toLowerCase(Locale.ROOT) : name.toUpperCase(Locale.ROOT);
    }

    /**
     * {@code [schema.]table} as the database names it: {schema, table}, folded, the schema defaulting
     * to {@code defaultSchema}.
     */
    public static String[] qualifiedName(String table, String defaultSchema, Dialect dialect) {
        String name = table.trim();
        int dot = dotOutsideQuotes(name);
        if (dot > 0) {
            return new String[] {fold(name.substring(0, dot).trim(), dialect),
                fold(name.substring(dot + 1).trim(), dialect)};
        }
        return new String[] {defaultSchema, fold(name, dialect)};
    }

    /**
     * Resolves {@code [schema.]table} and {@code column}.
     *
     * @throws IllegalArgumentException    naming the table or column that does not exist
     * @throws UnsupportedKeyTypeException if the column's equality cannot be reproduced exactly
     */
    public KeyColumn resolve(String table, String column) throws SQLException {
        if (dialect == Dialect.H2) {
            checkH2IdentifierCase(table, column);
        }
        String[] schemaAndTable = qualifiedName(table, defaultSchema, dialect);
        String schemaName = schemaAndTable[0];
        String tableName = schemaAndTable[1];
        String columnName = fold(column.trim());

        DatabaseMetaData md = connection.getMetaData();
        Map<String, ResolvedColumn> columns = columns(md, schemaName, tableName);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException(String.format(
                    "Cannot guard %s.%s: there is no table %s.%s (tables in schema %s: %s). Names resolve as the"
                            + " database resolves unquoted identifiers; quote them (\"Name\") for exact case.",
                    table, column, schemaName, tableName, schemaName, tables(md, schemaName)));
        }
        String kind = tableType(md, schemaName, tableName);
        if (!isBaseTable(kind)) {
            throw new IllegalArgumentException(String.format("Cannot guard %s.%s: %s.%s is a %s, not a table. Rows reach"
                    + " it through other tables, whose writes would not reach its filter: guard the key column of the"
                    + " table it reads from instead.", table, column, schemaName, tableName, kind));
        }
        ResolvedColumn key = columns.get(columnName);
        if (key == null) {
            throw new IllegalArgumentException(String.format(
                    "Cannot guard %s.%s: table %s.%s has no column %s (its columns: %s)", table, column, schemaName,
                    tableName, columnName, String.join(", ", columns.keySet())));
        }
        String qualified = schemaName + "." + tableName;
        KeyForm form = unconstrainedNumeric(key) ? KeyForms.decimal(-1)
                : KeyForms.forColumn(qualified, columnName, key.type, key.typeName, key.size, key.scale);
        if (Guard.isText(key.type)) {
            checkExactCollation(qualified, columnName, key.typeName, schemaName, tableName);
        }
        Map<String, ColumnType> types = new LinkedHashMap<>();
        columns.forEach((name, c) -> types.put(name, new ColumnType(c.type, c.typeName, c.size, c.scale)));
        GuardedTable guarded = new GuardedTable(schemaName, tableName, columnName, new ArrayList<>(columns.keySet()));
        return new KeyColumn(guarded, form, key.type, types, key.signature());
    }

    /**
     * PostgreSQL's {@code numeric} without precision and scale keeps every value exactly as written
     * (0.3, 0.30 and 0.300 are stored as such, and compare equal), but pgjdbc reports it as size 0,
     * scale 0. Read as scale 0, every key with a fraction would be inexact: never answered from the
     * filter, and each write of one would unsettle the guard and rescan the table.
     */
    private boolean unconstrainedNumeric(ResolvedColumn c) {
        return dialect == Dialect.POSTGRES && (c.type == JDBCType.NUMERIC || c.type == JDBCType.DECIMAL)
                && c.size == 0;
    }

    private record ResolvedColumn(JDBCType type, String typeName, int size, int scale) {
        String signature() {
            return signatureOf(type, typeName, size, scale);
        }
    }

    private static String signatureOf(JDBCType type, String typeName, int size, int scale) {
        return type + " " + typeName + "(" + size + "," + scale + ")";
    }

    /**
     * Every column of a table in ordinal order, with its type signature (as {@link
     * KeyColumn#keyTypeSignature}); empty if there is no such table.
     */
    public static Map<String, String> columnSignatures(Connection connection, String schema, String table)
            throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        Map<String, String> signatures = new LinkedHashMap<>();
        for (Map.Entry<String, ResolvedColumn> e : columns(md, schema, table).entrySet()) {
            signatures.put(e.getKey(), e.getValue().signature());
        }
        return signatures;
    }

    /**
     * Every column of a table in ordinal order, with its type as {@link KeyColumn#columnTypes} has
     * it; empty if there is no such table.
     */
    public static Map<String, ColumnType> columnTypes(Connection connection, String schema, String table)
            throws SQLException {
        Map<String, ColumnType> types = new LinkedHashMap<>();
        columns(connection.getMetaData(), schema, table)
                .forEach((name, c) -> types.put(name, new ColumnType(c.type, c.typeName, c.size, c.scale)));
        return types;
    }

    private static Map<String, ResolvedColumn> columns(DatabaseMetaData md, String schema, String table)
            throws SQLException {
        Map<String, ResolvedColumn> columns = new LinkedHashMap<>();
        String escape = md.getSearchStringEscape();
        try (ResultSet rs = md.getColumns(null, pattern(schema, escape), pattern(table, escape), "%")) {
            while (rs.next()) {
                if (!schema.equals(rs.getString("TABLE_SCHEM")) || !table.equals(rs.getString("TABLE_NAME"))) {
                    continue; // patterns are LIKE patterns: keep exact matches only
                }
                JDBCType type;
                try {
                    type = JDBCType.valueOf(rs.getInt("DATA_TYPE"));
                } catch (IllegalArgumentException e) {
                    type = JDBCType.OTHER;
                }
                columns.put(rs.getString("COLUMN_NAME"), new ResolvedColumn(type, rs.getString("TYPE_NAME"),
                        rs.getInt("COLUMN_SIZE"), rs.getInt("DECIMAL_DIGITS")));
            }
        }
        return columns;
    }

    private static String pattern(String name, String escape) {
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }

    /** The catalog's TABLE_TYPE of a relation ("TABLE", "BASE TABLE", "VIEW", ...). */
    private static String tableType(DatabaseMetaData md, String schema, String table) throws SQLException {
        String escape = md.getSearchStringEscape();
        try (ResultSet rs = md.getTables(null, pattern(schema, escape), pattern(table, escape), null)) {
            while (rs.next()) {
                if (table.equals(rs.getString("TABLE_NAME")) && schema.equals(rs.getString("TABLE_SCHEM"))) {
                    String type = rs.getString("TABLE_TYPE");
                    return type == null ? "relation of unknown type" : type;
                }
            }
        }
        return "relation of unknown type";
    }

    /**
     * Plain tables, and PostgreSQL's partitioned tables (whose row triggers every partition inherits).
     * Views, materialized views, foreign and linked tables are filled by writes the gate cannot see.
     */
    private static boolean isBaseTable(String type) {
        String t = type.toUpperCase(java.util.Locale.ROOT);
        return t.equals("TABLE") || t.equals("BASE TABLE") || t.equals("PARTITIONED TABLE");
    }

    private static String tables(DatabaseMetaData md, String schema) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, pattern(schema, md.getSearchStringEscape()), "%",
                new String[] {"TABLE", "BASE TABLE"})) {
            while (rs.next() && names.size() < 20) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /**
     * The gate reads an unquoted H2 identifier as H2 does by default: folded to upper case. A
     * database opened with {@code DATABASE_TO_LOWER=TRUE} folds it to lower case, one with {@code
     * DATABASE_TO_UPPER=FALSE} keeps it as written: then {@code SELECT ... FROM t} reads table "t"
     * where the gate saw the guarded "T", and was answered from "T"'s filter. Refused until the
     * gate reads names under those settings.
     */
    private void checkH2IdentifierCase(String table, String column) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                        + " WHERE SETTING_NAME IN ('DATABASE_TO_LOWER', 'DATABASE_TO_UPPER')")) {
            while (rs.next()) {
                String name = rs.getString(1);
                String value = rs.getString(2);
                if (name.equals("DATABASE_TO_LOWER") && "TRUE".equalsIgnoreCase(value)
                        || name.equals("DATABASE_TO_UPPER") && "FALSE".equalsIgnoreCase(value)) {
                    throw new IllegalArgumentException(String.format("Cannot guard %s.%s: this H2 database is open"
                            + " with %s=%s, so it reads unquoted names otherwise than the gate does (folded to upper"
                            + " case), and a statement could read another table than the one the gate answers for."
                            + " Open it without that setting.", table, column, name, value));
                }
            }
        }
    }

    /**
     * Text keys are hashed by their exact characters, so the column must compare exactly: no
     * case-insensitive database collation (H2) and no nondeterministic collation (PostgreSQL).
     */
    private void checkExactCollation(String qualified, String column, String typeName, String schema, String table)
            throws SQLException {
        if (dialect == Dialect.H2) {
            try (Statement s = connection.createStatement();
                    ResultSet rs = s.executeQuery("SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                            + " WHERE SETTING_NAME = 'COLLATION'")) {
                if (rs.next()) {
                    String collation = rs.getString(1);
                    if (collation != null && !collation.isBlank() && !collation.equalsIgnoreCase("OFF")) {
                        throw new UnsupportedKeyTypeException(qualified, column, typeName,
                                "the database collation " + collation + " may compare strings inexactly");
                    }
                }
            }
        } else if (dialect == Dialect.POSTGRES) {
            try (PreparedStatement ps = connection.prepareStatement("SELECT c.collisdeterministic, c.collname"
                    + " FROM pg_attribute a JOIN pg_class t ON t.oid = a.attrelid"
                    + " JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_collation c ON c.oid = a.attcollation"
                    + " WHERE n.nspname = ? AND t.relname = ? AND a.attname = ?")) {
                ps.setString(1, schema);
                ps.setString(2, table);
                ps.setString(3, column);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && !rs.getBoolean(1)) {
                        throw new UnsupportedKeyTypeException(qualified, column, typeName,
                                "its collation " + rs.getString(2) + " is nondeterministic (compares inexactly)");
                    }
                }
            }
        }
    }

    /** The estimated number of rows, for default sizing. */
    public long estimateRows(GuardedTable table) throws SQLException {
        String name = TableScanner.quote(table.schema()) + "." + TableScanner.quote(table.table());
        if (dialect == Dialect.POSTGRES) {
            try (PreparedStatement ps = connection.prepareStatement(
                    "SELECT reltuples::bigint FROM pg_class WHERE oid = ?::regclass")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getLong(1) >= 0) {
                        return rs.getLong(1); // the planner's estimate: counting would scan the table twice
                    }
                }
            }
        }
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + name)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static int dotOutsideQuotes(String name) {
        boolean quoted = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '.' && !quoted) {
                return i;
            }
        }
        return -1;
    }
}
