#!/usr/bin/env bash
# Installs (if needed) and starts PostgreSQL 15 on loopback, creates the test database and role,
# and prints the JDBC URL the tests read from BLOOMGATE_PG_URL. Run as root (CI and the dev
# machines run as root; the server itself runs as the postgres user).
set -euo pipefail

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d /usr/lib/postgresql/15 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >&2
    apt-get install -y -q postgresql-15 >&2
fi
if ! pg_lsclusters -h | grep -q '^15 *main'; then
    pg_createcluster 15 main >&2
fi
# Loopback only.
sed -i "s/^#\?listen_addresses.*/listen_addresses = 'localhost'/" /etc/postgresql/15/main/postgresql.conf
# setsid: the server in a session of its own (see .ci/mariadb.sh).
setsid pg_ctlcluster 15 main start >/dev/null 2>&1 || pg_ctlcluster 15 main status >/dev/null
for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 1
done

su postgres -c "psql -q -v ON_ERROR_STOP=1" >&2 <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bloomgate') THEN
    CREATE ROLE bloomgate LOGIN PASSWORD 'bloomgate';
  END IF;
  -- An application user without rights on bloomgate's schema: the privilege tests log in as it.
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bloomgate_app') THEN
    CREATE ROLE bloomgate_app LOGIN PASSWORD 'bloomgate_app';
  END IF;
  -- The SQL fuzzer (src/test/java/io/bloomgate/fuzz) logs in as bloomgate_fuzz_app, which has no
  -- schema of its own, and switches with SET ROLE to bloomgate_fuzz, whose "$user" schema holds
  -- tables named like the guarded ones: a change of schema the gate must notice.
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bloomgate_fuzz_app') THEN
    CREATE ROLE bloomgate_fuzz_app LOGIN PASSWORD 'bloomgate_fuzz_app';
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bloomgate_fuzz') THEN
    CREATE ROLE bloomgate_fuzz NOLOGIN;
  END IF;
END $$;
-- bloomgate (the tests' owner) creates bloomgate_fuzz's schema and tables, so it is a member too.
GRANT bloomgate_fuzz TO bloomgate_fuzz_app, bloomgate;
-- Without this, the role's "$user" schema would be bloomgate's own schema once it exists, and
-- the tests' unqualified tables would land in it.
ALTER ROLE bloomgate SET search_path = public;
-- PostgresReplicaRoleTest writes rows with session_replication_role = replica (as bulk loads and
-- logical replication do), which a non-superuser may set only with this grant (PostgreSQL 15).
GRANT SET ON PARAMETER session_replication_role TO bloomgate;
SELECT 'CREATE DATABASE bloomgate_test OWNER bloomgate'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'bloomgate_test') \gexec
SQL

echo "jdbc:postgresql://127.0.0.1:5432/bloomgate_test?user=bloomgate&password=bloomgate"
