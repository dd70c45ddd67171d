package io.bloomgate.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the JSON that {@code bench/jmh} writes ({@code -rf json}, by default
 * target/jmh-engine.json) into the Markdown tables of docs/benchmarks.md: per benchmark, key type
 * and size, each implementation's score with its 99.9% error, its time relative to Guava, and the
 * allocation per operation when the run had {@code -prof gc}. Run: {@code bench/jmh --table [file]}.
 */
public final class ResultsTable {

    private ResultsTable() {
    }

    record Result(String group, String keyType, String keys, String impl, double score, double error,
                  String unit, double allocNorm) {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args.length > 0 ? args[0] : "target/jmh-engine.json");
        Object json = new Json(Files.readString(file, StandardCharsets.UTF_8)).value();
        List<Result> results = new ArrayList<>();
        for (Object o : (List<?>) json) {
            results.add(result((Map<?, ?>) o));
        }
        System.out.print(render(results));
    }

    static Result result(Map<?, ?> entry) {
        String benchmark = (String) entry.get("benchmark");
        String name = benchmark.substring(benchmark.indexOf("EngineBenchmark.") + "EngineBenchmark.".length());
        Map<?, ?> params = entry.get("params") instanceof Map<?, ?> p ? p : Map.of();
        String cls = name.substring(0, name.indexOf('.'));
        String method = name.substring(name.indexOf('.') + 1);
        String keyType;
        String keys = params.get("keys") instanceof String k ? k : "";
        String group;
        if (cls.equals("KeyCost")) {
            group = "Baseline (harness + key generation only)";
            keyType = method.startsWith("long") ? "long" : "string";
        } else {
            keyType = cls.startsWith("Long") ? "long" : "string";
            group = cls.contains("Lookup") ? "Lookups (50% present, 50% absent)" : "Adds (filling an empty filter to capacity)";
            if (cls.endsWith("100M")) {
                keys = "100000000";
            } else if (cls.endsWith("1M")) {
                keys = "1000000";
            }
        }
        String impl = params.get("impl") instanceof String i ? i : "-";
        Map<?, ?> primary = (Map<?, ?>) entry.get("primaryMetric");
        double alloc = Double.NaN;
        if (entry.get("secondaryMetrics") instanceof Map<?, ?> secondary
                && secondary.get("gc.alloc.rate.norm") instanceof Map<?, ?> norm) {
            alloc = number(norm.get("score"));
        }
        return new Result(group, keyType, keys, impl, number(primary.get("score")),
                number(primary.get("scoreError")), (String) primary.get("scoreUnit"), alloc);
    }

    static String render(List<Result> results) {
        Map<String, List<Result>> groups = new LinkedHashMap<>();
        for (String g : List.of("Lookups (50% present, 50% absent)", "Adds (filling an empty filter to capacity)",
                "Baseline (harness + key generation only)")) {
            groups.put(g, new ArrayList<>());
        }
        for (Result r : results) {
            groups.computeIfAbsent(r.group(), g -> new ArrayList<>()).add(r);
        }
        boolean anyAlloc = results.stream().anyMatch(r -> !Double.isNaN(r.allocNorm()));
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<Result>> g : groups.entrySet()) {
            if (g.getValue().isEmpty()) {
                continue;
            }
            sb.append("#### ").append(g.getKey()).append("\n\n");
            sb.append("| key type | keys | implementation | ns/op | ± (99.9%) | vs Guava |")
                    .append(anyAlloc ? " alloc B/op |" : "").append('\n');
            sb.append("|---|--:|---|--:|--:|--:|").append(anyAlloc ? "--:|" : "").append('\n');
            for (Result r : g.getValue()) {
                double guava = g.getValue().stream()
                        .filter(o -> o.impl().equals("guava") && o.keyType().equals(r.keyType()) && o.keys().equals(r.keys()))
                        .mapToDouble(Result::score).findFirst().orElse(Double.NaN);
                sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f | %s | %s |", r.keyType(),
                        r.keys().isEmpty() ? "" : String.format(Locale.ROOT, "%,d", Long.parseLong(r.keys())),
                        r.impl(), r.score(),
                        Double.isNaN(r.error()) ? "n/a" : String.format(Locale.ROOT, "%.1f", r.error()),
                        Double.isNaN(guava) ? "" : String.format(Locale.ROOT, "%.2f×", r.score() / guava)));
                if (anyAlloc) {
                    double a = r.allocNorm();
                    sb.append(Double.isNaN(a) ? " |" : a < 0.01 ? " ≈ 0 |" : String.format(Locale.ROOT, " %.1f |", a));
                }
                sb.append('\n');
            }
            sb.append('\n');
        }
        sb.append("Units: ").append(results.isEmpty() ? "" : results.get(0).unit())
                .append(" (adds: per key added). \"vs Guava\": time relative to Guava at the same key type and size; "
                        + "below 1 is faster.\n");
        if (anyAlloc) {
            sb.append("alloc B/op: -prof gc's gc.alloc.rate.norm. For adds (SingleShotTime) it includes the fresh empty "
                    + "filter that each iteration's untimed setup allocates, spread over the keys added: about "
                    + "memory bits per key / 8 bytes (≈ 1.2-2.1 B at p = 1%).\n");
        }
        return sb.toString();
    }

    private static double number(Object o) {
        if (o instanceof Number n) {
            return n.doubleValue();
        }
        if (o instanceof String s) {
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    /** A minimal JSON reader: objects as maps, arrays as lists, numbers as doubles. */
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object value() {
            skip();
            char c = s.charAt(i);
            switch (c) {
                case '{':
                    return object();
                case '[':
                    return array();
                case '"':
                    return string();
                default:
                    if (s.startsWith("true", i)) {
                        i += 4;
                        return Boolean.TRUE;
                    }
                    if (s.startsWith("false", i)) {
                        i += 5;
                        return Boolean.FALSE;
                    }
                    if (s.startsWith("null", i)) {
                        i += 4;
                        return null;
                    }
                    int start = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    if (start == i) {
                        throw new IllegalArgumentException("unexpected '" + c + "' at " + i);
                    }
                    return Double.parseDouble(s.substring(start, i));
            }
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            i++;
            skip();
            if (s.charAt(i) == '}') {
                i++;
                return map;
            }
            while (true) {
                skip();
                String key = string();
                skip();
                expect(':');
                map.put(key, value());
                skip();
                if (s.charAt(i) == ',') {
                    i++;
                } else {
                    expect('}');
                    return map;
                }
            }
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            i++;
            skip();
            if (s.charAt(i) == ']') {
                i++;
                return list;
            }
            while (true) {
                list.add(value());
                skip();
                if (s.charAt(i) == ',') {
                    i++;
                } else {
                    expect(']');
                    return list;
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        case 'u' -> {
                            sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> sb.append(e);
                    }
                } else {
                    sb.append(c);
                }
            }
            i++;
            return sb.toString();
        }

        private void expect(char c) {
            if (s.charAt(i) != c) {
                throw new IllegalArgumentException("expected '" + c + "' at " + i + ", found '" + s.charAt(i) + "'");
            }
            i++;
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }
}
