/**
 * Statement recognition: which SQL texts are eligible lookups, which are writes that add keys, and
 * which must pass through (docs/architecture.md section 2). Entry point: {@link io.bloomgate.sql.StatementClassifier}.
 *
 * <p>Identifier rules follow the database ({@link io.bloomgate.sql.Dialect}); the JDBC layer caches
 * one {@link io.bloomgate.sql.StatementPlan} per distinct SQL text.
 */
package io.bloomgate.sql;
