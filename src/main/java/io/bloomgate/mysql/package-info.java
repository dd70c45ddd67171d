/**
 * MySQL and MariaDB (issue 26): reading the catalog the way the server resolves names, and
 * deciding, from {@code information_schema}, whether a key column's equality can be reproduced
 * exactly; and keeping the filters in sync with writes from any connection: row triggers into
 * {@code bloomgate.change_log}, followed by every gate instance ({@code MySqlSync}, {@code LogFeed})
 * (docs/architecture.md, "MySQL and MariaDB"). Internal.
 */
package io.bloomgate.mysql;
