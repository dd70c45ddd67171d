package io.bloomgate.key;

/**
 * Thrown at build time when a column's equality is not something the gate can reproduce exactly
 * (floating point, time zones, case-insensitive comparison, padding, large objects, ...). Per
 * docs/architecture.md section 3 the gate refuses such a column with a clear error rather than guess.
 */
public class UnsupportedKeyTypeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** What every message ends with: the way out for the user. */
    static final String ADVICE =
            "guard an exact key column (integer, DECIMAL, VARCHAR, CHAR, UUID, VARBINARY) instead.";

    /** The table, as given. */
    private final String table;
    /** The column, as given. */
    private final String column;
    /** The database's type name, as given. */
    private final String typeName;

    /**
     * Creates the exception; the message names the column and type, the reason and what to do.
     *
     * @param table the table, possibly schema-qualified (e.g. {@code "PUBLIC.T"})
     * @param column the column
     * @param typeName the column's type as the database names it
     * @param reason why the type cannot be guarded, e.g. {@code "compares inexactly (floating point)"}
     */
    public UnsupportedKeyTypeException(String table, String column, String typeName, String reason) {
        this(table, column, typeName, typeName, reason);
    }

    /** As the public constructor, showing {@code typeText} (e.g. with the JDBC type) in the message. */
    UnsupportedKeyTypeException(String table, String column, String typeName, String typeText, String reason) {
        super("Cannot guard " + table + "." + column + ": column type " + typeText + " " + reason + "; " + ADVICE);
        this.table = table;
        this.column = column;
        this.typeName = typeName;
    }

    /**
     * Returns the table the column belongs to.
     *
     * @return the table name as given to {@link KeyForms#forColumn}
     */
    public String table() {
        return table;
    }

    /**
     * Returns the refused column.
     *
     * @return the column name as given to {@link KeyForms#forColumn}
     */
    public String column() {
        return column;
    }

    /**
     * Returns the refused type.
     *
     * @return the database's type name as given to {@link KeyForms#forColumn} (the JDBC type's name
     *     when none was given)
     */
    public String typeName() {
        return typeName;
    }
}
