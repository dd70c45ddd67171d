/**
 * MySQL and MariaDB (issue 26): reading the catalog the way the server resolves names, and
 * deciding, from {@code information_schema}, whether a key column's equality can be reproduced
 * exactly (docs/architecture.md, "MySQL and MariaDB"). Internal.
 */
package io.bloomgate.mysql;
