#!/usr/bin/env bash
# What any trigger-based change log can cost writers at most (issue 14): pgbench, one single-row
# INSERT ... ON CONFLICT DO NOTHING per transaction, synchronous_commit on, no gate running, into a
# fresh 100,000-row table (k text PRIMARY KEY, run int, payload text) per run, with
#   plain        no trigger
#   after_noop   an AFTER INSERT FOR EACH ROW PL/pgSQL trigger that does nothing (RETURN NULL):
#                the floor of any AFTER row trigger, before it writes anything
#   before_noop  the same as a BEFORE trigger (RETURN NEW)
#   bloomgate    bloomgate's own triggers (bloomgate.install_guard(t, 'k'), row-level, the default)
# and, when named in --variants, two alternatives to bloomgate's insert trigger, each writing the
# same row into a copy of bloomgate.change_log (same columns, defaults and index):
#   invoker      the same function body as SECURITY INVOKER instead of SECURITY DEFINER
#   unlogged     SECURITY DEFINER, the copy of the log UNLOGGED
# two steps between a trigger that does nothing and bloomgate's:
#   after_select an AFTER row trigger that runs one SQL statement (PERFORM 1) and writes nothing
#   insert_int   an AFTER row trigger that inserts one integer into an unindexed one-column table
# and a change capture without triggers:
#   logical      no trigger; a publication of the table and pg_recvlogical streaming it (pgoutput,
#                to /dev/null) from a replication slot during the run: the writer-side cost of
#                logical decoding. Needs wal_level = logical and a role that may create
#                publications and replication slots (REPLICATION, or a superuser).
# Runs alternate within each round; prints the first variant's mean tps and the others' ratios to it.
# Needs bloomgate's schema installed (a gate's build() or psql -f sql/postgres/install.sql).
#
#   bench/trigger-ceiling.sh [--clients 1,8,32] [--seconds 6] [--rounds 3]
#                            [--variants plain,after_noop,before_noop,bloomgate[,...]]
#   bench/trigger-ceiling.sh --server-cpu 40000 [--rounds 3] [--variants ...]
#
# --server-cpu N measures instead the server's CPU time per transaction: one client,
# synchronous_commit off, N transactions per variant and round, the user + system time of the
# postmaster and all its processes (/proc, so the server must run on this machine) divided by N.
# Unlike tps under concurrency, this is precise to about a microsecond.
#
# Connection from $BLOOMGATE_PG_URL (jdbc:postgresql://host:port/db?user=U&password=P); pgbench
# and psql from $PGBIN (default /usr/lib/postgresql/15/bin). Creates and drops tables bench_tc_*.
set -euo pipefail
clients="1 8 32"; seconds=6; rounds=3; variants=(plain after_noop before_noop bloomgate); cpu_transactions=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --clients) clients="${2//,/ }"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --variants) IFS=, read -r -a variants <<< "$2"; shift 2 ;;
        --server-cpu) cpu_transactions="$2"; shift 2 ;;
        *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
    esac
done
url="${BLOOMGATE_PG_URL:?set BLOOMGATE_PG_URL to jdbc:postgresql://host:port/db?user=U&password=P}"
if [[ ! "$url" =~ ^jdbc:postgresql://([^:/]+)(:([0-9]+))?/([^?]+)(\?(.*))?$ ]]; then
    echo "cannot read BLOOMGATE_PG_URL: $url" >&2; exit 2
fi
export PGHOST="${BASH_REMATCH[1]}" PGPORT="${BASH_REMATCH[3]:-5432}" PGDATABASE="${BASH_REMATCH[4]}"
for kv in ${BASH_REMATCH[6]//&/ }; do
    case "$kv" in user=*) export PGUSER="${kv#user=}" ;; password=*) export PGPASSWORD="${kv#password=}" ;; esac
done
bin="${PGBIN:-/usr/lib/postgresql/15/bin}"
psql=("$bin/psql" -q -X -v ON_ERROR_STOP=1)
export PGOPTIONS="-c client_min_messages=warning"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"${psql[@]}" -c "CREATE OR REPLACE FUNCTION public.bench_tc_after() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN RETURN NULL; END \$\$" \
    -c "CREATE OR REPLACE FUNCTION public.bench_tc_before() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN RETURN NEW; END \$\$" \
    -c "DROP TABLE IF EXISTS public.bench_tc_log, public.bench_tc_log_unlogged" \
    -c "CREATE TABLE public.bench_tc_log (LIKE bloomgate.change_log INCLUDING DEFAULTS)" \
    -c "CREATE UNLOGGED TABLE public.bench_tc_log_unlogged (LIKE bloomgate.change_log INCLUDING DEFAULTS)" \
    -c "CREATE INDEX ON public.bench_tc_log (guard_id, xid)" -c "CREATE INDEX ON public.bench_tc_log_unlogged (guard_id, xid)"
log_function() { # name, SECURITY clause, log table: bloomgate's row-level insert trigger body
    "${psql[@]}" -c "CREATE OR REPLACE FUNCTION public.$1() RETURNS trigger LANGUAGE plpgsql $2 AS \$\$ BEGIN
        IF NEW.k IS NOT NULL THEN
            INSERT INTO $3 (guard_id, op, keys) VALUES (0, 'I', ARRAY[NEW.k::pg_catalog.text]);
        END IF;
        RETURN NULL; END \$\$"
}
log_function bench_tc_invoker "SECURITY INVOKER" public.bench_tc_log
log_function bench_tc_unlogged "SECURITY DEFINER" public.bench_tc_log_unlogged
"${psql[@]}" -c "DROP TABLE IF EXISTS public.bench_tc_ints" -c "CREATE TABLE public.bench_tc_ints (i integer)" \
    -c "CREATE OR REPLACE FUNCTION public.bench_tc_after_select() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN
        IF NEW.k IS NOT NULL THEN PERFORM 1; END IF; RETURN NULL; END \$\$" \
    -c "CREATE OR REPLACE FUNCTION public.bench_tc_insert_int() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN
        IF NEW.k IS NOT NULL THEN INSERT INTO public.bench_tc_ints VALUES (1); END IF; RETURN NULL; END \$\$"
decoder= # pg_recvlogical's pid while a logical run streams
decoding=false # a publication and slot may exist
stop_decoding() {
    if [[ -n "$decoder" ]]; then
        kill "$decoder" 2>/dev/null || true
        wait "$decoder" 2>/dev/null || true
        decoder=
    fi
    if [[ "$decoding" == true ]]; then
        "${psql[@]}" -c "SELECT pg_drop_replication_slot('bench_tc_slot') FROM pg_replication_slots WHERE slot_name = 'bench_tc_slot'" \
            -c "DROP PUBLICATION IF EXISTS bench_tc_publication" >/dev/null
        decoding=false
    fi
}
start_decoding() { # table
    if [[ "$("${psql[@]}" -At -c "SHOW wal_level")" != logical ]]; then
        echo "the logical variant needs wal_level = logical (ALTER SYSTEM SET wal_level = logical, then restart)" >&2
        exit 2
    fi
    decoding=true
    "${psql[@]}" -c "CREATE PUBLICATION bench_tc_publication FOR TABLE $1"
    "$bin/pg_recvlogical" -d "$PGDATABASE" --slot bench_tc_slot --create-slot --plugin pgoutput
    "$bin/pg_recvlogical" -d "$PGDATABASE" --slot bench_tc_slot --start -o proto_version=1 -o publication_names=bench_tc_publication \
        -F 1 -f /dev/null &
    decoder=$!
    for _ in $(seq 1 50); do # until the slot is streaming
        [[ "$("${psql[@]}" -At -c "SELECT active FROM pg_replication_slots WHERE slot_name = 'bench_tc_slot'")" == t ]] && return
        sleep 0.1
    done
    echo "pg_recvlogical did not start streaming" >&2
    exit 1
}
cleanup() { # drops what the script created, also when it stops early
    stop_decoding
    "${psql[@]}" -c "SELECT bloomgate.uninstall_guard(to_regclass('public.bench_tc_bloomgate'), 'k')
                      WHERE to_regclass('public.bench_tc_bloomgate') IS NOT NULL" >/dev/null || true
    for v in "${variants[@]}"; do "${psql[@]}" -c "DROP TABLE IF EXISTS public.bench_tc_$v" || true; done
    "${psql[@]}" -c "DROP TABLE IF EXISTS public.bench_tc_log, public.bench_tc_log_unlogged, public.bench_tc_ints" \
        -c "DROP FUNCTION IF EXISTS public.bench_tc_after(), public.bench_tc_before(), public.bench_tc_invoker(),
                public.bench_tc_unlogged(), public.bench_tc_after_select(), public.bench_tc_insert_int()" || true
}
trap 'cleanup; rm -rf "$dir"' EXIT
checkpoint=true # false once the server refused: runs then start without one

fresh() { # variant
    local t="public.bench_tc_$1"
    "${psql[@]}" -c "SELECT bloomgate.uninstall_guard(to_regclass('$t'), 'k') WHERE to_regclass('$t') IS NOT NULL" \
        -c "DROP TABLE IF EXISTS $t" \
        -c "CREATE TABLE $t (k text PRIMARY KEY, run integer NOT NULL, payload text) WITH (autovacuum_enabled = false)" \
        -c "INSERT INTO $t SELECT 'seed-' || g, 0, 'payload ' || g FROM generate_series(1, 100000) g" \
        -c "VACUUM ANALYZE $t" >/dev/null
    case "$1" in
        after_noop) "${psql[@]}" -c "CREATE TRIGGER tc AFTER INSERT ON $t FOR EACH ROW EXECUTE FUNCTION public.bench_tc_after()" ;;
        before_noop) "${psql[@]}" -c "CREATE TRIGGER tc BEFORE INSERT ON $t FOR EACH ROW EXECUTE FUNCTION public.bench_tc_before()" ;;
        bloomgate) "${psql[@]}" -c "SELECT bloomgate.install_guard('$t', 'k')" >/dev/null ;;
        after_select|insert_int) "${psql[@]}" -c "TRUNCATE public.bench_tc_ints" \
            -c "CREATE TRIGGER tc AFTER INSERT ON $t FOR EACH ROW EXECUTE FUNCTION public.bench_tc_$1()" ;;
        logical) ;;
        invoker|unlogged) "${psql[@]}" -c "TRUNCATE public.bench_tc_log, public.bench_tc_log_unlogged" \
            -c "CREATE TRIGGER tc AFTER INSERT ON $t FOR EACH ROW EXECUTE FUNCTION public.bench_tc_$1()" ;;
        plain) ;;
        *) echo "unknown variant $1 (see the header of $0)" >&2; exit 2 ;;
    esac
    printf '\\set r random(1, 999999999999999)\nINSERT INTO %s (k, run, payload) VALUES (%s, 1, %s) ON CONFLICT DO NOTHING;\n' \
        "$t" "'u-' || :r" "'x'" > "$dir/$1.sql"
    # Each run starts with the same full-page-write storm. Needs a superuser or pg_checkpoint.
    if [[ "$checkpoint" == true ]] && ! "${psql[@]}" -c CHECKPOINT 2>/dev/null; then
        echo "note: this role may not run CHECKPOINT (superuser or pg_checkpoint): runs start without one" >&2
        checkpoint=false
    fi
}

server_ticks() { # user + system clock ticks of the postmaster and its processes (exited ones included)
    local postmaster total=0 p f
    # The parent of this psql's backend, read while the backend is still alive (any role may).
    postmaster=$(printf '%s\n' 'SELECT pg_backend_pid() AS backend \gset' '\setenv BENCH_TC_BACKEND :backend' \
        '\! awk "{ print \$4 }" /proc/$BENCH_TC_BACKEND/stat 2>/dev/null' | "${psql[@]}" -At) || true
    [[ -n "$postmaster" && -r /proc/$postmaster/stat ]] || { echo "--server-cpu needs the server on this machine" >&2; exit 2; }
    for p in "$postmaster" $(pgrep -P "$postmaster"); do
        read -r -a f < <(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null) || continue
        total=$((total + f[11] + f[12] + f[13] + f[14])) # utime stime cutime cstime
    done
    echo "$total"
}
hz=$(getconf CLK_TCK)

declare -A sum
if [[ "$cpu_transactions" -gt 0 ]]; then
    clients=cpu
    printf '%-6s %-12s %s\n' round variant "server CPU per transaction"
else
    printf '%-6s %-12s %s\n' round variant "clients: tps"
fi
for r in $(seq 1 "$rounds"); do
    for c in $clients; do
        for v in "${variants[@]}"; do
            fresh "$v"
            [[ "$v" == logical ]] && start_decoding "public.bench_tc_$v"
            if [[ "$c" == cpu ]]; then
                before=$(server_ticks)
                PGOPTIONS="-c synchronous_commit=off -c client_min_messages=warning" "$bin/pgbench" -n -M prepared -c 1 \
                    -t "$cpu_transactions" -f "$dir/$v.sql" >/dev/null 2>&1 || { echo "pgbench failed for $v" >&2; exit 1; }
                value=$(awk -v t=$(( $(server_ticks) - before )) -v hz="$hz" -v n="$cpu_transactions" 'BEGIN { print t / hz / n * 1e6 }')
                printf '%-6s %-12s %.1f µs\n' "$r" "$v" "$value"
            else
                value=$(PGOPTIONS="-c synchronous_commit=on -c client_min_messages=warning" "$bin/pgbench" -n -M prepared -c "$c" -j $((c < 4 ? c : 4)) \
                    -T "$seconds" -f "$dir/$v.sql" 2>&1 | grep -oP 'tps = \K[0-9.]+' | head -1)
                [[ -n "$value" ]] || { echo "pgbench failed for $v at $c clients" >&2; exit 1; }
                printf '%-6s %-12s %s: %.0f\n' "$r" "$v" "$c" "$value"
            fi
            [[ "$v" == logical ]] && stop_decoding
            sum[$c,$v]=$(awk -v a="${sum[$c,$v]:-0}" -v b="$value" 'BEGIN { print a + b }')
        done
    done
done
cleanup

if [[ "$cpu_transactions" -gt 0 ]]; then
    echo
    printf '| server CPU per transaction | %s |' "${variants[0]}"; printf ' %s |' "${variants[@]:1}"; echo
    printf '|---|--:|'; printf -- '--:|%.0s' "${variants[@]:1}"; echo
    printf '| µs (mean of %s rounds of %s) | %.1f |' "$rounds" "$cpu_transactions" \
        "$(awk -v p="${sum[cpu,${variants[0]}]}" -v n="$rounds" 'BEGIN { print p / n }')"
    for v in "${variants[@]:1}"; do
        printf ' %+.1f |' "$(awk -v a="${sum[cpu,$v]}" -v p="${sum[cpu,${variants[0]}]}" -v n="$rounds" 'BEGIN { print (a - p) / n }')"
    done
    echo
    exit
fi

echo
printf '| clients | %s (tps) |' "${variants[0]}"; printf ' %s |' "${variants[@]:1}"; echo
printf '|--:|--:|'; printf -- '--:|%.0s' "${variants[@]:1}"; echo
for c in $clients; do
    printf '| %s | %.0f |' "$c" "$(awk -v p="${sum[$c,${variants[0]}]}" -v n="$rounds" 'BEGIN { print p / n }')"
    for v in "${variants[@]:1}"; do
        printf ' %.2f |' "$(awk -v a="${sum[$c,$v]}" -v p="${sum[$c,${variants[0]}]}" 'BEGIN { print a / p }')"
    done
    echo
done
