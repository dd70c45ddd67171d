package io.bloomgate.cli;

import io.bloomgate.GateReport;
import io.bloomgate.report.DiskAccessEstimate;
import io.bloomgate.report.JsonWriter;
import io.bloomgate.report.MySqlIoCounters;
import io.bloomgate.report.TextTable;
import io.bloomgate.stats.GuardStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code bloomgate report} on MySQL/MariaDB: the guards over every instance and the instances, as on
 * PostgreSQL ({@link PostgresReport}), and the server's reads measured by the server itself. MariaDB
 * and MySQL keep per-index read counters only with {@code userstat} or the performance schema (both
 * off by default on MariaDB), so the measured figure is server-wide: buffer-pool pages read per
 * index lookup ({@code Innodb_buffer_pool_read_requests / Handler_read_key}) over every table and
 * client in the window, times the lookups the gate avoided. It says what an average lookup cost the
 * server then, not what the guarded table's lookups cost; the estimate beside it is per guard.
 */
final class MySqlReport {

    private MySqlReport() {
    }

    static String text(MySqlStats stats) {
        if (stats.rows.isEmpty()) {
            return "No gate instance has written stats for " + where(stats) + " yet (instances write them within a"
                    + " second of their counters changing).\n";
        }
        StringBuilder out = new StringBuilder();
        out.append(PostgresReport.summedOver(stats.rows));
        out.append(GateReport.of(stats.guards.stream().map(g -> g.total().stats()).toList()).toText());
        out.append(PostgresReport.instances(stats.rows));

        out.append("\nServer reads since each guard's oldest instance started (measured: SHOW GLOBAL STATUS, every"
                + " table and client of the server)\n");
        List<String[]> io = new ArrayList<>();
        for (MySqlStats.GuardTotal g : stats.guards) {
            GuardStats s = g.total().stats();
            String name = s.table() + "." + s.column();
            String since = PostgresReport.time(g.total().since());
            String estimated = PostgresReport.num(DiskAccessEstimate.of(s.avoided(), s.filter().estimatedKeys()).saved());
            MySqlIoCounters d = g.io();
            if (d == null) {
                io.add(new String[] {name, since, g.ioReset() ? "the server restarted" : "no baseline recorded", "", "",
                    "", PostgresReport.num(s.avoided()), "", estimated});
                continue;
            }
            io.add(new String[] {name, since, PostgresReport.num(d.indexReads()), PostgresReport.num(d.pageRequests()),
                PostgresReport.num(d.diskReads()), PostgresReport.ratio(d.pagesPerIndexRead()),
                PostgresReport.num(s.avoided()), saved(s.avoided(), d), estimated});
        }
        out.append(TextTable.render(new String[] {"guard", "since", "index reads", "pages read", "disk reads",
            "pages/read", "avoided", "saved pages(measured)", "saved(est)"}, io, 2));
        out.append("index reads = Handler_read_key, pages read = Innodb_buffer_pool_read_requests, disk reads ="
                + " Innodb_buffer_pool_reads; saved pages(measured) = avoided x pages/read of the whole server in the"
                + " window; saved(est) = avoided x index depth estimated from the row count.\n");
        return out.toString();
    }

    static String json(MySqlStats stats) {
        String guards = GateReport.of(stats.guards.stream().map(g -> g.total().stats()).toList()).toJson();
        JsonWriter json = new JsonWriter().beginObject().name("guards")
                .json(guards.substring(guards.indexOf('['), guards.lastIndexOf(']') + 1))
                .field("database", "mysql")
                .field("schema", stats.database)
                .name("instances").beginArray();
        for (PostgresStats.InstanceRow r : stats.rows) {
            json.beginObject().field("instance", r.instance().toString()).field("description", r.description())
                    .field("table", r.stats().table()).field("column", r.stats().column())
                    .field("status", PostgresReport.status(r)).field("startedAt", String.valueOf(r.startedAt()))
                    .field("updatedAt", String.valueOf(r.updatedAt()))
                    .field("endedAt", r.endedAt() == null ? null : r.endedAt().toString())
                    .field("lookups", r.stats().lookups()).field("avoided", r.stats().avoided())
                    .field("passedThrough", r.stats().passedThrough())
                    .field("falsePositives", r.stats().falsePositives()).endObject();
        }
        json.endArray().name("serverReads").beginArray();
        for (MySqlStats.GuardTotal g : stats.guards) {
            GuardStats s = g.total().stats();
            MySqlIoCounters d = g.io();
            json.beginObject().field("table", s.table()).field("column", s.column())
                    .field("since", String.valueOf(g.total().since())).field("instances", g.total().instances())
                    .field("live", g.total().live()).field("serverRestarted", g.ioReset());
            if (d != null) {
                json.field("indexReads", d.indexReads()).field("pagesRead", d.pageRequests())
                        .field("diskReads", d.diskReads()).name("savedPagesMeasured");
                long saved = savedPages(s.avoided(), d);
                if (saved < 0) {
                    json.value((String) null); // no index read yet: no measured cost per lookup
                } else {
                    json.value(saved);
                }
            }
            json.endObject();
        }
        return json.endArray().endObject().toString();
    }

    /** Avoided lookups times the server's measured pages per index read; -1 before any index read. */
    static long savedPages(long avoided, MySqlIoCounters d) {
        double perRead = d.pagesPerIndexRead();
        return Double.isNaN(perRead) ? -1 : Math.round(avoided * perRead);
    }

    private static String saved(long avoided, MySqlIoCounters d) {
        long saved = savedPages(avoided, d);
        return saved < 0 ? "no reads yet" : PostgresReport.num(saved);
    }

    private static String where(MySqlStats stats) {
        return stats.database == null ? "this server" : "database " + stats.database;
    }
}
