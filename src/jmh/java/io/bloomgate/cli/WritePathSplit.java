package io.bloomgate.cli;

import io.bloomgate.BloomGate;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * Where the demo crawl's time goes, side by side (issue 24): two copies of the demo's table crawled
 * in turn, batch by batch, each side one of {@code raw} (no gate, no trigger), {@code trigger} (the
 * gate built, so its H2 trigger is installed, but every statement on a plain connection) or
 * {@code gate} (through the gate's data source). For each side: lookup and insert wall time, the
 * crawling thread's CPU, H2's own threads' CPU (page serialization and saving), the JVM's CPU
 * outside Java threads (GC, JIT), the gate's own threads' CPU, and H2's file reads per phase.
 *
 * <pre>bench/jmh --class io.bloomgate.cli.WritePathSplit [urls] [checks] [sideA,sideB] [extra H2 URL settings] [dir]</pre>
 *
 * The first round warms up (another stream of URLs); the second is printed as measured.
 */
public final class WritePathSplit {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private WritePathSplit() {
    }

    public static void main(String[] args) throws Exception {
        long urls = args.length > 0 ? Long.parseLong(args[0]) : 300_000;
        long checks = args.length > 1 ? Long.parseLong(args[1]) : 100_000;
        String[] sides = (args.length > 2 ? args[2] : "gate,raw").split(",");
        String extra = args.length > 3 ? args[3] : "";
        Path dir = Path.of(args.length > 4 ? args[4] : System.getProperty("java.io.tmpdir"), "bloomgate-split");
        Workload w = new Workload(urls, checks, 0.1, 0.01, 42, dir, 1024, 10_000);
        Urls u = new Urls(42);
        VisitedDatabase db = new VisitedDatabase(dir, w, u);
        java.nio.file.Files.createDirectories(dir);
        if (!db.reusable()) {
            db.load(Progress.none());
        }
        for (int round = 0; round < 2; round++) {
            Connection[] counters = new Connection[2];
            BloomGate[] gates = new BloomGate[2];
            Crawl.Walk[] walks = new Crawl.Walk[2];
            Map<String, Double>[] cpu = new Map[] {new HashMap<>(), new HashMap<>()};
            double[][] wall = new double[2][2];
            for (int s = 0; s < 2; s++) {
                db.copyBase("split" + s);
                JdbcDataSource h2 = new JdbcDataSource();
                h2.setURL(db.url("split" + s, w.cacheKb()) + extra);
                h2.setUser("sa");
                counters[s] = h2.getConnection();
                DataSource source = h2;
                if (!sides[s].equals("raw")) {
                    gates[s] = BloomGate.builder(h2).guard("visited", "url", w.expectedKeys(), w.fpp()).build();
                    if (sides[s].equals("gate")) {
                        source = gates[s].dataSource();
                    }
                }
                Connection c = counters[s];
                walks[s] = new Crawl(w, u, round == 0 ? ~w.seed() : w.seed()).walk(source, "visited",
                        session -> io.bloomgate.report.H2IoCounters.read(c)
                                .map(h -> new Io(h.fileReads(), h.fileReadBytes())).orElse(null));
            }
            for (int i = 0; !walks[0].finished(); i++) {
                for (int k = 0; k < 2; k++) {
                    int s = i % 2 == 0 ? k : 1 - k;
                    Map<String, Long> before = cpuByGroup();
                    Crawl.Batch b = walks[s].step();
                    Map<String, Long> after = cpuByGroup();
                    after.forEach((g, t) -> cpu[s].merge(g, (t - before.getOrDefault(g, 0L)) / 1e9, Double::sum));
                    wall[s][0] += b.lookupNanos() / 1e9;
                    wall[s][1] += b.insertNanos() / 1e9;
                }
            }
            for (int s = 0; s < 2; s++) {
                Crawl.Phases p = walks[s].phases();
                System.out.printf(java.util.Locale.ROOT, "%s side %d %-7s lookups %.2f s, inserts %.2f s | CPU s: crawler %.2f,"
                        + " H2 threads %.2f, GC+JIT %.2f, gate threads %.3f | H2 file reads: lookups %,d, inserts %,d%n",
                        round == 0 ? "warm-up " : "measured", s, sides[s], wall[s][0], wall[s][1],
                        cpu[s].getOrDefault("main", 0.0), cpu[s].getOrDefault("h2", 0.0),
                        cpu[s].getOrDefault("vm", 0.0), cpu[s].getOrDefault("gate", 0.0), p.lookupIo.headline(),
                        p.insertIo.headline());
                walks[s].close();
                if (gates[s] != null) {
                    gates[s].close();
                }
                try (Statement st = counters[s].createStatement()) {
                    st.execute("SHUTDOWN");
                }
                counters[s].close();
                db.delete("split" + s);
            }
        }
    }

    /** CPU time so far by thread group; "vm" is the process's CPU outside Java threads (GC, JIT). */
    private static Map<String, Long> cpuByGroup() {
        Map<String, Long> m = new HashMap<>();
        long java = 0;
        for (long id : THREADS.getAllThreadIds()) {
            ThreadInfo info = THREADS.getThreadInfo(id);
            long t = THREADS.getThreadCpuTime(id);
            if (info == null || t < 0) {
                continue;
            }
            String n = info.getThreadName();
            String group = n.equals("main") ? "main" : n.startsWith("H2-") || n.startsWith("MVStore") ? "h2"
                    : n.startsWith("bloomgate") ? "gate" : "other";
            m.merge(group, t, Long::sum);
            java += t;
        }
        long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        m.put("vm", process - java);
        return m;
    }
}
