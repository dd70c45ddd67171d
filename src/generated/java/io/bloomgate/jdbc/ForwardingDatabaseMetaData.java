// GENERATED from java.sql.DatabaseMetaData (Java 17) by src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java. Do not edit:
// regenerate from the repository root with `java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java`
// (GeneratedForwardersTest fails while this file differs from the generator's output).
package io.bloomgate.jdbc;

/**
 * Forwards every {@code java.sql.DatabaseMetaData} method to the driver's object; the gate's
 * subclass overrides only what it changes. Generated, one idea: delegation.
 */
@SuppressWarnings({"deprecation", "unchecked"})
abstract class ForwardingDatabaseMetaData implements java.sql.DatabaseMetaData {

    /** The driver's object. */
    final java.sql.DatabaseMetaData delegate;

    ForwardingDatabaseMetaData(java.sql.DatabaseMetaData delegate) {
        this.delegate = delegate;
    }

    @Override
    public boolean allProceduresAreCallable() throws java.sql.SQLException {
        return delegate.allProceduresAreCallable();
    }

    @Override
    public boolean allTablesAreSelectable() throws java.sql.SQLException {
        return delegate.allTablesAreSelectable();
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() throws java.sql.SQLException {
        return delegate.autoCommitFailureClosesAllResultSets();
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() throws java.sql.SQLException {
        return delegate.dataDefinitionCausesTransactionCommit();
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() throws java.sql.SQLException {
        return delegate.dataDefinitionIgnoredInTransactions();
    }

    @Override
    public boolean deletesAreDetected(int p1) throws java.sql.SQLException {
        return delegate.deletesAreDetected(p1);
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() throws java.sql.SQLException {
        return delegate.doesMaxRowSizeIncludeBlobs();
    }

    @Override
    public boolean generatedKeyAlwaysReturned() throws java.sql.SQLException {
        return delegate.generatedKeyAlwaysReturned();
    }

    @Override
    public java.sql.ResultSet getAttributes(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String p4) throws java.sql.SQLException {
        return delegate.getAttributes(p1, p2, p3, p4);
    }

    @Override
    public java.sql.ResultSet getBestRowIdentifier(java.lang.String p1, java.lang.String p2, java.lang.String p3, int p4, boolean p5) throws java.sql.SQLException {
        return delegate.getBestRowIdentifier(p1, p2, p3, p4, p5);
    }

    @Override
    public java.lang.String getCatalogSeparator() throws java.sql.SQLException {
        return delegate.getCatalogSeparator();
    }

    @Override
    public java.lang.String getCatalogTerm() throws java.sql.SQLException {
        return delegate.getCatalogTerm();
    }

    @Override
    public java.sql.ResultSet getCatalogs() throws java.sql.SQLException {
        return delegate.getCatalogs();
    }

    @Override
    public java.sql.ResultSet getClientInfoProperties() throws java.sql.SQLException {
        return delegate.getClientInfoProperties();
    }

    @Override
    public java.sql.ResultSet getColumnPrivileges(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String p4) throws java.sql.SQLException {
        return delegate.getColumnPrivileges(p1, p2, p3, p4);
    }

    @Override
    public java.sql.ResultSet getColumns(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String p4) throws java.sql.SQLException {
        return delegate.getColumns(p1, p2, p3, p4);
    }

    @Override
    public java.sql.Connection getConnection() throws java.sql.SQLException {
        return delegate.getConnection();
    }

    @Override
    public java.sql.ResultSet getCrossReference(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String p4, java.lang.String p5, java.lang.String p6) throws java.sql.SQLException {
        return delegate.getCrossReference(p1, p2, p3, p4, p5, p6);
    }

    @Override
    public int getDatabaseMajorVersion() throws java.sql.SQLException {
        return delegate.getDatabaseMajorVersion();
    }

    @Override
    public int getDatabaseMinorVersion() throws java.sql.SQLException {
        return delegate.getDatabaseMinorVersion();
    }

    @Override
    public java.lang.String getDatabaseProductName() throws java.sql.SQLException {
        return delegate.getDatabaseProductName();
    }

    @Override
    public java.lang.String getDatabaseProductVersion() throws java.sql.SQLException {
        return delegate.getDatabaseProductVersion();
    }

    @Override
    public int getDefaultTransactionIsolation() throws java.sql.SQLException {
        return delegate.getDefaultTransactionIsolation();
    }

    @Override
    public int getDriverMajorVersion() {
        return delegate.getDriverMajorVersion();
    }

    @Override
    public int getDriverMinorVersion() {
        return delegate.getDriverMinorVersion();
    }

    @Override
    public java.lang.String getDriverName() throws java.sql.SQLException {
        return delegate.getDriverName();
    }

    @Override
    public java.lang.String getDriverVersion() throws java.sql.SQLException {
        return delegate.getDriverVersion();
    }

    @Override
    public java.sql.ResultSet getExportedKeys(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getExportedKeys(p1, p2, p3);
    }

    @Override
    public java.lang.String getExtraNameCharacters() throws java.sql.SQLException {
        return delegate.getExtraNameCharacters();
    }

    @Override
    public java.sql.ResultSet getFunctionColumns(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String p4) throws java.sql.SQLException {
        return delegate.getFunctionColumns(p1, p2, p3, p4);
    }

    @Override
    public java.sql.ResultSet getFunctions(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getFunctions(p1, p2, p3);
    }

    @Override
    public java.lang.String getIdentifierQuoteString() throws java.sql.SQLException {
        return delegate.getIdentifierQuoteString();
    }

    @Override
    public java.sql.ResultSet getImportedKeys(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getImportedKeys(p1, p2, p3);
    }

    @Override
    public java.sql.ResultSet getIndexInfo(java.lang.String p1, java.lang.String p2, java.lang.String p3, boolean p4, boolean p5) throws java.sql.SQLException {
        return delegate.getIndexInfo(p1, p2, p3, p4, p5);
    }

    @Override
    public int getJDBCMajorVersion() throws java.sql.SQLException {
        return delegate.getJDBCMajorVersion();
    }

    @Override
    public int getJDBCMinorVersion() throws java.sql.SQLException {
        return delegate.getJDBCMinorVersion();
    }

    @Override
    public int getMaxBinaryLiteralLength() throws java.sql.SQLException {
        return delegate.getMaxBinaryLiteralLength();
    }

    @Override
    public int getMaxCatalogNameLength() throws java.sql.SQLException {
        return delegate.getMaxCatalogNameLength();
    }

    @Override
    public int getMaxCharLiteralLength() throws java.sql.SQLException {
        return delegate.getMaxCharLiteralLength();
    }

    @Override
    public int getMaxColumnNameLength() throws java.sql.SQLException {
        return delegate.getMaxColumnNameLength();
    }

    @Override
    public int getMaxColumnsInGroupBy() throws java.sql.SQLException {
        return delegate.getMaxColumnsInGroupBy();
    }

    @Override
    public int getMaxColumnsInIndex() throws java.sql.SQLException {
        return delegate.getMaxColumnsInIndex();
    }

    @Override
    public int getMaxColumnsInOrderBy() throws java.sql.SQLException {
        return delegate.getMaxColumnsInOrderBy();
    }

    @Override
    public int getMaxColumnsInSelect() throws java.sql.SQLException {
        return delegate.getMaxColumnsInSelect();
    }

    @Override
    public int getMaxColumnsInTable() throws java.sql.SQLException {
        return delegate.getMaxColumnsInTable();
    }

    @Override
    public int getMaxConnections() throws java.sql.SQLException {
        return delegate.getMaxConnections();
    }

    @Override
    public int getMaxCursorNameLength() throws java.sql.SQLException {
        return delegate.getMaxCursorNameLength();
    }

    @Override
    public int getMaxIndexLength() throws java.sql.SQLException {
        return delegate.getMaxIndexLength();
    }

    @Override
    public long getMaxLogicalLobSize() throws java.sql.SQLException {
        return delegate.getMaxLogicalLobSize();
    }

    @Override
    public int getMaxProcedureNameLength() throws java.sql.SQLException {
        return delegate.getMaxProcedureNameLength();
    }

    @Override
    public int getMaxRowSize() throws java.sql.SQLException {
        return delegate.getMaxRowSize();
    }

    @Override
    public int getMaxSchemaNameLength() throws java.sql.SQLException {
        return delegate.getMaxSchemaNameLength();
    }

    @Override
    public int getMaxStatementLength() throws java.sql.SQLException {
        return delegate.getMaxStatementLength();
    }

    @Override
    public int getMaxStatements() throws java.sql.SQLException {
        return delegate.getMaxStatements();
    }

    @Override
    public int getMaxTableNameLength() throws java.sql.SQLException {
        return delegate.getMaxTableNameLength();
    }

    @Override
    public int getMaxTablesInSelect() throws java.sql.SQLException {
        return delegate.getMaxTablesInSelect();
    }

    @Override
    public int getMaxUserNameLength() throws java.sql.SQLException {
        return delegate.getMaxUserNameLength();
    }

    @Override
    public java.lang.String getNumericFunctions() throws java.sql.SQLException {
        return delegate.getNumericFunctions();
    }

    @Override
    public java.sql.ResultSet getPrimaryKeys(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getPrimaryKeys(p1, p2, p3);
    }

    @Override
    public java.sql.ResultSet getProcedureColumns(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String p4) throws java.sql.SQLException {
        return delegate.getProcedureColumns(p1, p2, p3, p4);
    }

    @Override
    public java.lang.String getProcedureTerm() throws java.sql.SQLException {
        return delegate.getProcedureTerm();
    }

    @Override
    public java.sql.ResultSet getProcedures(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getProcedures(p1, p2, p3);
    }

    @Override
    public java.sql.ResultSet getPseudoColumns(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String p4) throws java.sql.SQLException {
        return delegate.getPseudoColumns(p1, p2, p3, p4);
    }

    @Override
    public int getResultSetHoldability() throws java.sql.SQLException {
        return delegate.getResultSetHoldability();
    }

    @Override
    public java.sql.RowIdLifetime getRowIdLifetime() throws java.sql.SQLException {
        return delegate.getRowIdLifetime();
    }

    @Override
    public java.lang.String getSQLKeywords() throws java.sql.SQLException {
        return delegate.getSQLKeywords();
    }

    @Override
    public int getSQLStateType() throws java.sql.SQLException {
        return delegate.getSQLStateType();
    }

    @Override
    public java.lang.String getSchemaTerm() throws java.sql.SQLException {
        return delegate.getSchemaTerm();
    }

    @Override
    public java.sql.ResultSet getSchemas() throws java.sql.SQLException {
        return delegate.getSchemas();
    }

    @Override
    public java.sql.ResultSet getSchemas(java.lang.String p1, java.lang.String p2) throws java.sql.SQLException {
        return delegate.getSchemas(p1, p2);
    }

    @Override
    public java.lang.String getSearchStringEscape() throws java.sql.SQLException {
        return delegate.getSearchStringEscape();
    }

    @Override
    public java.lang.String getStringFunctions() throws java.sql.SQLException {
        return delegate.getStringFunctions();
    }

    @Override
    public java.sql.ResultSet getSuperTables(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getSuperTables(p1, p2, p3);
    }

    @Override
    public java.sql.ResultSet getSuperTypes(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getSuperTypes(p1, p2, p3);
    }

    @Override
    public java.lang.String getSystemFunctions() throws java.sql.SQLException {
        return delegate.getSystemFunctions();
    }

    @Override
    public java.sql.ResultSet getTablePrivileges(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getTablePrivileges(p1, p2, p3);
    }

    @Override
    public java.sql.ResultSet getTableTypes() throws java.sql.SQLException {
        return delegate.getTableTypes();
    }

    @Override
    public java.sql.ResultSet getTables(java.lang.String p1, java.lang.String p2, java.lang.String p3, java.lang.String[] p4) throws java.sql.SQLException {
        return delegate.getTables(p1, p2, p3, p4);
    }

    @Override
    public java.lang.String getTimeDateFunctions() throws java.sql.SQLException {
        return delegate.getTimeDateFunctions();
    }

    @Override
    public java.sql.ResultSet getTypeInfo() throws java.sql.SQLException {
        return delegate.getTypeInfo();
    }

    @Override
    public java.sql.ResultSet getUDTs(java.lang.String p1, java.lang.String p2, java.lang.String p3, int[] p4) throws java.sql.SQLException {
        return delegate.getUDTs(p1, p2, p3, p4);
    }

    @Override
    public java.lang.String getURL() throws java.sql.SQLException {
        return delegate.getURL();
    }

    @Override
    public java.lang.String getUserName() throws java.sql.SQLException {
        return delegate.getUserName();
    }

    @Override
    public java.sql.ResultSet getVersionColumns(java.lang.String p1, java.lang.String p2, java.lang.String p3) throws java.sql.SQLException {
        return delegate.getVersionColumns(p1, p2, p3);
    }

    @Override
    public boolean insertsAreDetected(int p1) throws java.sql.SQLException {
        return delegate.insertsAreDetected(p1);
    }

    @Override
    public boolean isCatalogAtStart() throws java.sql.SQLException {
        return delegate.isCatalogAtStart();
    }

    @Override
    public boolean isReadOnly() throws java.sql.SQLException {
        return delegate.isReadOnly();
    }

    @Override
    public boolean isWrapperFor(java.lang.Class<?> p1) throws java.sql.SQLException {
        return delegate.isWrapperFor(p1);
    }

    @Override
    public boolean locatorsUpdateCopy() throws java.sql.SQLException {
        return delegate.locatorsUpdateCopy();
    }

    @Override
    public boolean nullPlusNonNullIsNull() throws java.sql.SQLException {
        return delegate.nullPlusNonNullIsNull();
    }

    @Override
    public boolean nullsAreSortedAtEnd() throws java.sql.SQLException {
        return delegate.nullsAreSortedAtEnd();
    }

    @Override
    public boolean nullsAreSortedAtStart() throws java.sql.SQLException {
        return delegate.nullsAreSortedAtStart();
    }

    @Override
    public boolean nullsAreSortedHigh() throws java.sql.SQLException {
        return delegate.nullsAreSortedHigh();
    }

    @Override
    public boolean nullsAreSortedLow() throws java.sql.SQLException {
        return delegate.nullsAreSortedLow();
    }

    @Override
    public boolean othersDeletesAreVisible(int p1) throws java.sql.SQLException {
        return delegate.othersDeletesAreVisible(p1);
    }

    @Override
    public boolean othersInsertsAreVisible(int p1) throws java.sql.SQLException {
        return delegate.othersInsertsAreVisible(p1);
    }

    @Override
    public boolean othersUpdatesAreVisible(int p1) throws java.sql.SQLException {
        return delegate.othersUpdatesAreVisible(p1);
    }

    @Override
    public boolean ownDeletesAreVisible(int p1) throws java.sql.SQLException {
        return delegate.ownDeletesAreVisible(p1);
    }

    @Override
    public boolean ownInsertsAreVisible(int p1) throws java.sql.SQLException {
        return delegate.ownInsertsAreVisible(p1);
    }

    @Override
    public boolean ownUpdatesAreVisible(int p1) throws java.sql.SQLException {
        return delegate.ownUpdatesAreVisible(p1);
    }

    @Override
    public boolean storesLowerCaseIdentifiers() throws java.sql.SQLException {
        return delegate.storesLowerCaseIdentifiers();
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() throws java.sql.SQLException {
        return delegate.storesLowerCaseQuotedIdentifiers();
    }

    @Override
    public boolean storesMixedCaseIdentifiers() throws java.sql.SQLException {
        return delegate.storesMixedCaseIdentifiers();
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() throws java.sql.SQLException {
        return delegate.storesMixedCaseQuotedIdentifiers();
    }

    @Override
    public boolean storesUpperCaseIdentifiers() throws java.sql.SQLException {
        return delegate.storesUpperCaseIdentifiers();
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() throws java.sql.SQLException {
        return delegate.storesUpperCaseQuotedIdentifiers();
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() throws java.sql.SQLException {
        return delegate.supportsANSI92EntryLevelSQL();
    }

    @Override
    public boolean supportsANSI92FullSQL() throws java.sql.SQLException {
        return delegate.supportsANSI92FullSQL();
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() throws java.sql.SQLException {
        return delegate.supportsANSI92IntermediateSQL();
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() throws java.sql.SQLException {
        return delegate.supportsAlterTableWithAddColumn();
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() throws java.sql.SQLException {
        return delegate.supportsAlterTableWithDropColumn();
    }

    @Override
    public boolean supportsBatchUpdates() throws java.sql.SQLException {
        return delegate.supportsBatchUpdates();
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() throws java.sql.SQLException {
        return delegate.supportsCatalogsInDataManipulation();
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() throws java.sql.SQLException {
        return delegate.supportsCatalogsInIndexDefinitions();
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() throws java.sql.SQLException {
        return delegate.supportsCatalogsInPrivilegeDefinitions();
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() throws java.sql.SQLException {
        return delegate.supportsCatalogsInProcedureCalls();
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() throws java.sql.SQLException {
        return delegate.supportsCatalogsInTableDefinitions();
    }

    @Override
    public boolean supportsColumnAliasing() throws java.sql.SQLException {
        return delegate.supportsColumnAliasing();
    }

    @Override
    public boolean supportsConvert() throws java.sql.SQLException {
        return delegate.supportsConvert();
    }

    @Override
    public boolean supportsConvert(int p1, int p2) throws java.sql.SQLException {
        return delegate.supportsConvert(p1, p2);
    }

    @Override
    public boolean supportsCoreSQLGrammar() throws java.sql.SQLException {
        return delegate.supportsCoreSQLGrammar();
    }

    @Override
    public boolean supportsCorrelatedSubqueries() throws java.sql.SQLException {
        return delegate.supportsCorrelatedSubqueries();
    }

    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() throws java.sql.SQLException {
        return delegate.supportsDataDefinitionAndDataManipulationTransactions();
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() throws java.sql.SQLException {
        return delegate.supportsDataManipulationTransactionsOnly();
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() throws java.sql.SQLException {
        return delegate.supportsDifferentTableCorrelationNames();
    }

    @Override
    public boolean supportsExpressionsInOrderBy() throws java.sql.SQLException {
        return delegate.supportsExpressionsInOrderBy();
    }

    @Override
    public boolean supportsExtendedSQLGrammar() throws java.sql.SQLException {
        return delegate.supportsExtendedSQLGrammar();
    }

    @Override
    public boolean supportsFullOuterJoins() throws java.sql.SQLException {
        return delegate.supportsFullOuterJoins();
    }

    @Override
    public boolean supportsGetGeneratedKeys() throws java.sql.SQLException {
        return delegate.supportsGetGeneratedKeys();
    }

    @Override
    public boolean supportsGroupBy() throws java.sql.SQLException {
        return delegate.supportsGroupBy();
    }

    @Override
    public boolean supportsGroupByBeyondSelect() throws java.sql.SQLException {
        return delegate.supportsGroupByBeyondSelect();
    }

    @Override
    public boolean supportsGroupByUnrelated() throws java.sql.SQLException {
        return delegate.supportsGroupByUnrelated();
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() throws java.sql.SQLException {
        return delegate.supportsIntegrityEnhancementFacility();
    }

    @Override
    public boolean supportsLikeEscapeClause() throws java.sql.SQLException {
        return delegate.supportsLikeEscapeClause();
    }

    @Override
    public boolean supportsLimitedOuterJoins() throws java.sql.SQLException {
        return delegate.supportsLimitedOuterJoins();
    }

    @Override
    public boolean supportsMinimumSQLGrammar() throws java.sql.SQLException {
        return delegate.supportsMinimumSQLGrammar();
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() throws java.sql.SQLException {
        return delegate.supportsMixedCaseIdentifiers();
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() throws java.sql.SQLException {
        return delegate.supportsMixedCaseQuotedIdentifiers();
    }

    @Override
    public boolean supportsMultipleOpenResults() throws java.sql.SQLException {
        return delegate.supportsMultipleOpenResults();
    }

    @Override
    public boolean supportsMultipleResultSets() throws java.sql.SQLException {
        return delegate.supportsMultipleResultSets();
    }

    @Override
    public boolean supportsMultipleTransactions() throws java.sql.SQLException {
        return delegate.supportsMultipleTransactions();
    }

    @Override
    public boolean supportsNamedParameters() throws java.sql.SQLException {
        return delegate.supportsNamedParameters();
    }

    @Override
    public boolean supportsNonNullableColumns() throws java.sql.SQLException {
        return delegate.supportsNonNullableColumns();
    }

    @Override
    public boolean supportsOpenCursorsAcrossCommit() throws java.sql.SQLException {
        return delegate.supportsOpenCursorsAcrossCommit();
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() throws java.sql.SQLException {
        return delegate.supportsOpenCursorsAcrossRollback();
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() throws java.sql.SQLException {
        return delegate.supportsOpenStatementsAcrossCommit();
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() throws java.sql.SQLException {
        return delegate.supportsOpenStatementsAcrossRollback();
    }

    @Override
    public boolean supportsOrderByUnrelated() throws java.sql.SQLException {
        return delegate.supportsOrderByUnrelated();
    }

    @Override
    public boolean supportsOuterJoins() throws java.sql.SQLException {
        return delegate.supportsOuterJoins();
    }

    @Override
    public boolean supportsPositionedDelete() throws java.sql.SQLException {
        return delegate.supportsPositionedDelete();
    }

    @Override
    public boolean supportsPositionedUpdate() throws java.sql.SQLException {
        return delegate.supportsPositionedUpdate();
    }

    @Override
    public boolean supportsRefCursors() throws java.sql.SQLException {
        return delegate.supportsRefCursors();
    }

    @Override
    public boolean supportsResultSetConcurrency(int p1, int p2) throws java.sql.SQLException {
        return delegate.supportsResultSetConcurrency(p1, p2);
    }

    @Override
    public boolean supportsResultSetHoldability(int p1) throws java.sql.SQLException {
        return delegate.supportsResultSetHoldability(p1);
    }

    @Override
    public boolean supportsResultSetType(int p1) throws java.sql.SQLException {
        return delegate.supportsResultSetType(p1);
    }

    @Override
    public boolean supportsSavepoints() throws java.sql.SQLException {
        return delegate.supportsSavepoints();
    }

    @Override
    public boolean supportsSchemasInDataManipulation() throws java.sql.SQLException {
        return delegate.supportsSchemasInDataManipulation();
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() throws java.sql.SQLException {
        return delegate.supportsSchemasInIndexDefinitions();
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() throws java.sql.SQLException {
        return delegate.supportsSchemasInPrivilegeDefinitions();
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() throws java.sql.SQLException {
        return delegate.supportsSchemasInProcedureCalls();
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() throws java.sql.SQLException {
        return delegate.supportsSchemasInTableDefinitions();
    }

    @Override
    public boolean supportsSelectForUpdate() throws java.sql.SQLException {
        return delegate.supportsSelectForUpdate();
    }

    @Override
    public boolean supportsSharding() throws java.sql.SQLException {
        return delegate.supportsSharding();
    }

    @Override
    public boolean supportsStatementPooling() throws java.sql.SQLException {
        return delegate.supportsStatementPooling();
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() throws java.sql.SQLException {
        return delegate.supportsStoredFunctionsUsingCallSyntax();
    }

    @Override
    public boolean supportsStoredProcedures() throws java.sql.SQLException {
        return delegate.supportsStoredProcedures();
    }

    @Override
    public boolean supportsSubqueriesInComparisons() throws java.sql.SQLException {
        return delegate.supportsSubqueriesInComparisons();
    }

    @Override
    public boolean supportsSubqueriesInExists() throws java.sql.SQLException {
        return delegate.supportsSubqueriesInExists();
    }

    @Override
    public boolean supportsSubqueriesInIns() throws java.sql.SQLException {
        return delegate.supportsSubqueriesInIns();
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() throws java.sql.SQLException {
        return delegate.supportsSubqueriesInQuantifieds();
    }

    @Override
    public boolean supportsTableCorrelationNames() throws java.sql.SQLException {
        return delegate.supportsTableCorrelationNames();
    }

    @Override
    public boolean supportsTransactionIsolationLevel(int p1) throws java.sql.SQLException {
        return delegate.supportsTransactionIsolationLevel(p1);
    }

    @Override
    public boolean supportsTransactions() throws java.sql.SQLException {
        return delegate.supportsTransactions();
    }

    @Override
    public boolean supportsUnion() throws java.sql.SQLException {
        return delegate.supportsUnion();
    }

    @Override
    public boolean supportsUnionAll() throws java.sql.SQLException {
        return delegate.supportsUnionAll();
    }

    @Override
    public <T> T unwrap(java.lang.Class<T> p1) throws java.sql.SQLException {
        return delegate.unwrap(p1);
    }

    @Override
    public boolean updatesAreDetected(int p1) throws java.sql.SQLException {
        return delegate.updatesAreDetected(p1);
    }

    @Override
    public boolean usesLocalFilePerTable() throws java.sql.SQLException {
        return delegate.usesLocalFilePerTable();
    }

    @Override
    public boolean usesLocalFiles() throws java.sql.SQLException {
        return delegate.usesLocalFiles();
    }
}
