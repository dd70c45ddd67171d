#!/usr/bin/env bash
# Writers' throughput with and without bloomgate under pgbench (issue 14), side by side: single-row
# (or, with --batched, 100-row) INSERT ... ON CONFLICT DO NOTHING per transaction at 1, 8, 32 and 64
# clients into two identical 100,000-row tables, a gate with default settings running during the
# guarded runs; afterwards every key inserted under load is looked up through that gate (a key
# answered absent fails the run). Prints a Markdown table (see docs/benchmarks.md).
# --statement-triggers installs the guarded table's statement-level triggers first (install_guard(t,
# c, false), as a DBA would for a table written by multi-row statements); the default is row-level.
#
#   bench/pgbench-inserts.sh [--url JDBC_URL] [--batched] [--statement-triggers] [--clients 1,8,32,64] [--seconds 5] [--rounds 5]
#
# The URL defaults to $BLOOMGATE_PG_URL (jdbc:postgresql://host:port/db?user=...&password=...);
# pgbench is $PGBENCH or /usr/lib/postgresql/15/bin/pgbench. Environment as for bench/jmh
# (BENCH_SKIP_BUILD=1 reuses the last build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ "${1:-}" == --url ]]; then
    export BLOOMGATE_PG_URL="$2"
    shift 2
fi
exec bench/jmh --class io.bloomgate.bench.PgbenchInserts "$@"
