/**
 * Canonical key forms: turning a JDBC parameter value into the bytes a guard's Bloom filter hashes.
 *
 * <p>The contract is docs/architecture.md section 3 ("Key equality"): two values the database considers equal
 * for a column must produce identical bytes, and any value whose conversion the database might do
 * differently is reported as {@link io.bloomgate.key.Canonical#NOT_EXACT}, so the gate passes the
 * statement through (fail open, docs/architecture.md section 1). Columns whose equality the gate cannot
 * reproduce exactly are refused at build time with an {@link
 * io.bloomgate.key.UnsupportedKeyTypeException}.
 *
 * <p>Entry points: {@link io.bloomgate.key.KeyForms} (factories, including {@link
 * io.bloomgate.key.KeyForms#forColumn}), {@link io.bloomgate.key.KeyForm} and the reusable {@link
 * io.bloomgate.key.KeyBuffer}.
 */
package io.bloomgate.key;
