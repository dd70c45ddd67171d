package io.bloomgate.cli;

import io.bloomgate.GateReport;
import io.bloomgate.report.DiskAccessEstimate;
import io.bloomgate.report.JsonWriter;
import io.bloomgate.report.PostgresIoCounters;
import io.bloomgate.report.TextTable;
import io.bloomgate.stats.GuardStats;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code bloomgate report} on PostgreSQL: the guards over every instance, the instances, and the
 * key indexes' I/O measured by PostgreSQL's statistics. "Saved" on PostgreSQL is avoided lookups
 * times the index blocks one scan of the key's index accessed on average over the same window:
 * a measured per-lookup cost, not a counterfactual run (the demo and {@code bench} measure both
 * ways on H2).
 */
final class PostgresReport {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private PostgresReport() {
    }

    static String text(PostgresStats stats) {
        if (stats.rows.isEmpty()) {
            return "No gate instance has written stats to this database yet (instances write them within a second"
                    + " of their counters changing).\n";
        }
        StringBuilder out = new StringBuilder();
        out.append(summedOver(stats.rows));
        out.append(GateReport.of(stats.guards.stream().map(PostgresStats.GuardTotal::stats).toList()).toText());

        out.append(instances(stats.rows));

        out.append("\nKey-index I/O since each guard's oldest instance started (measured: pg_stat_user_indexes,"
                + " pg_statio_user_indexes; every client)\n");
        List<String[]> io = new ArrayList<>();
        for (PostgresStats.GuardTotal g : stats.guards) {
            GuardStats s = g.stats();
            String name = s.table() + "." + s.column();
            PostgresIoCounters d = g.io();
            if (d == null) {
                io.add(new String[] {name, time(g.since()), g.ioReset() ? "statistics were reset" : "no index on the key",
                    "", "", "", "", "", ""});
                continue;
            }
            io.add(new String[] {name, time(g.since()), num(d.keyIndexScans()), num(d.keyIndexBlocksRead()),
                num(d.keyIndexBlocksHit()), ratio(d.blocksPerScan()), num(s.avoided()), saved(g),
                num(DiskAccessEstimate.of(s.avoided(), s.filter().estimatedKeys()).saved())});
        }
        out.append(TextTable.render(new String[] {"guard", "since", "idx scans", "blocks read", "blocks hit",
            "blocks/scan", "avoided", "saved(measured)", "saved(est)"}, io, 2));
        out.append("saved(measured) = avoided x measured blocks/scan; saved(est) = avoided x index depth estimated"
                + " from the row count.\n");
        return out.toString();
    }

    /** The header line and the table of every instance's row per guard (shared with {@link MySqlReport}). */
    static String instances(List<PostgresStats.InstanceRow> instanceRows) {
        List<String[]> rows = new ArrayList<>();
        for (PostgresStats.InstanceRow r : instanceRows) {
            rows.add(new String[] {r.description(), r.stats().table() + "." + r.stats().column(),
                status(r), time(r.startedAt()), time(r.updatedAt()), num(r.stats().lookups()),
                num(r.stats().avoided()), num(r.stats().falsePositives())});
        }
        return "\nInstances\n" + TextTable.render(new String[] {"instance", "guard", "status", "started", "last write",
            "lookups", "avoided", "false+"}, rows, 5);
    }

    /** The header line of the text report: how many instances the counters were summed over. */
    static String summedOver(List<PostgresStats.InstanceRow> rows) {
        long live = rows.stream().filter(PostgresStats.InstanceRow::live).map(r -> r.instance()).distinct().count();
        long all = rows.stream().map(r -> r.instance()).distinct().count();
        return String.format(Locale.ROOT, "Guards: counters summed over %d instance%s (%d live)%n", all,
                all == 1 ? "" : "s", live);
    }

    static String json(PostgresStats stats) {
        String guards = GateReport.of(stats.guards.stream().map(PostgresStats.GuardTotal::stats).toList()).toJson();
        // GateReport's {"guards":[...]} with this report's fields added after its own.
        JsonWriter json = new JsonWriter().beginObject().name("guards")
                .json(guards.substring(guards.indexOf('['), guards.lastIndexOf(']') + 1))
                .field("database", "postgresql")
                .name("instances").beginArray();
        for (PostgresStats.InstanceRow r : stats.rows) {
            json.beginObject().field("instance", r.instance().toString()).field("description", r.description())
                    .field("table", r.stats().table()).field("column", r.stats().column())
                    .field("status", status(r)).field("startedAt", r.startedAt().toString())
                    .field("updatedAt", r.updatedAt().toString())
                    .field("endedAt", r.endedAt() == null ? null : r.endedAt().toString())
                    .field("lookups", r.stats().lookups()).field("avoided", r.stats().avoided())
                    .field("passedThrough", r.stats().passedThrough())
                    .field("falsePositives", r.stats().falsePositives()).endObject();
        }
        json.endArray().name("keyIndexIo").beginArray();
        for (PostgresStats.GuardTotal g : stats.guards) {
            PostgresIoCounters d = g.io();
            json.beginObject().field("table", g.stats().table()).field("column", g.stats().column())
                    .field("since", g.since().toString()).field("instances", g.instances()).field("live", g.live())
                    .field("statisticsReset", g.ioReset());
            if (d != null) {
                json.field("keyIndexes", d.keyIndexes()).field("keyIndexScans", d.keyIndexScans())
                        .field("blocksRead", d.keyIndexBlocksRead()).field("blocksHit", d.keyIndexBlocksHit())
                        .field("tableIndexScans", d.tableIndexScans()).field("blocksPerScan", d.blocksPerScan())
                        .name("savedMeasured");
                long saved = measuredSaved(g);
                if (saved < 0) {
                    json.value((String) null); // no scan yet: no measured cost per lookup
                } else {
                    json.value(saved);
                }
            }
            json.endObject();
        }
        return json.endArray().endObject().toString();
    }

    /** Avoided lookups times the measured blocks per key-index scan; -1 before any scan. */
    static long measuredSaved(PostgresStats.GuardTotal g) {
        double perScan = g.io() == null ? Double.NaN : g.io().blocksPerScan();
        return Double.isNaN(perScan) ? -1 : Math.round(g.stats().avoided() * perScan);
    }

    private static String saved(PostgresStats.GuardTotal g) {
        long saved = measuredSaved(g);
        return saved < 0 ? "no scans yet" : num(saved);
    }

    static String status(PostgresStats.InstanceRow r) {
        return r.live() ? "live" : r.endedAt() != null ? "ended" : "silent";
    }

    static String time(Instant t) {
        return t == null ? "" : TIME.format(t);
    }

    static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String ratio(double r) {
        return Double.isNaN(r) ? "" : String.format(Locale.ROOT, "%.2f", r);
    }
}
