package io.bloomgate.driver;

import io.bloomgate.sync.GuardRequest;
import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code jdbc:bloomgate:} URL, parsed: the driver's own URL and the gate's configuration.
 *
 * <pre>
 * jdbc:bloomgate:&lt;driver URL&gt;                  guards from bloomgate.properties on the class path
 * jdbc:bloomgate:&lt;options&gt;:&lt;driver URL&gt;        options: name=value, separated by ';'
 * </pre>
 *
 * <p>bloomgate's options come <em>before</em> the driver's URL, which starts at the first
 * {@code jdbc:} after them and is passed on untouched: H2's {@code ;} settings and pgjdbc's
 * {@code ?} parameters mean what they always mean. Options: {@code guards=users.email,sales.orders.id}
 * (the column is the part after the last dot), {@code fpp=0.001} (for the URL's guards),
 * {@code config=} a properties file on the class path instead of {@code bloomgate.properties},
 * {@code stale-after}, {@code snapshot-every}, {@code instance-timeout} (durations such as
 * {@code 500ms}, {@code 5s}, {@code 10m}, {@code PT5S}), {@code jmx=true}, {@code jmx-gate-name},
 * {@code await-tables=true}.
 */
final class GateUrl {

    static final String PREFIX = "jdbc:bloomgate:";
    static final String DEFAULT_CONFIG = "bloomgate.properties";

    private static final Set<String> OPTIONS = Set.of("guards", "fpp", "config", "stale-after", "snapshot-every",
            "instance-timeout", "jmx", "jmx-gate-name", "await-tables");
    private static final Set<String> SETTINGS = Set.of("stale-after", "snapshot-every", "instance-timeout", "jmx",
            "jmx-gate-name", "await-tables");
    private static final Pattern GUARD_KEY = Pattern.compile("bloomgate\\.guards\\[(\\d+)]\\.(table|column|expected-keys|fpp)");
    /** A URL scheme ({@code mariadb://}) where the driver's URL should start, without its {@code jdbc:}. */
    private static final Pattern BARE_SCHEME = Pattern.compile("(?:^|:)([A-Za-z][A-Za-z0-9]*)://");
    private static final Pattern SECRET = Pattern.compile("(?i)(password|pwd|sslpassword)=[^&;]*");

    /** Everything that makes a gate: two URLs naming the same database must agree on it. */
    record GateConfig(List<GuardRequest> guards, Duration staleAfter, Duration snapshotEvery, Duration instanceTimeout,
            boolean jmx, String jmxGateName, boolean awaitTables) {
    }

    private GateUrl() {
    }

    static boolean accepts(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** The driver's own URL inside a {@code jdbc:bloomgate:} URL. */
    static String driverUrl(String url) throws SQLException {
        return split(url)[1];
    }

    /** {@code {options, driverUrl}}. */
    private static String[] split(String url) throws SQLException {
        String rest = url.substring(PREFIX.length());
        if (rest.regionMatches(true, 0, "jdbc:", 0, 5)) {
            return new String[] {"", checkedDriverUrl(url, rest)};
        }
        int at = rest.toLowerCase(Locale.ROOT).indexOf(":jdbc:");
        if (at < 0) {
            Matcher bare = BARE_SCHEME.matcher(rest);
            if (bare.find()) {
                // jdbc:bloomgate:mariadb://... (the form of some proxy drivers): only the scheme is
                // quoted back, never the rest of the URL, which may hold a password.
                String scheme = bare.group(1).toLowerCase(Locale.ROOT);
                throw malformed(url, "the driver's URL must keep its jdbc: (" + scheme + "://... is not a JDBC URL):"
                        + " write jdbc:bloomgate:<options>:jdbc:" + scheme + "://..., e.g. jdbc:bloomgate:guards=users.email:jdbc:"
                        + scheme + "://host/app");
            }
            throw malformed(url, "no driver URL: write jdbc:bloomgate:<options>:<the driver's URL>, e.g."
                    + " jdbc:bloomgate:guards=users.email:jdbc:h2:mem:app");
        }
        return new String[] {rest.substring(0, at), checkedDriverUrl(url, rest.substring(at + 1))};
    }

    private static String checkedDriverUrl(String url, String driverUrl) throws SQLException {
        if (accepts(driverUrl)) {
            throw malformed(url, "the driver URL is itself a jdbc:bloomgate: URL");
        }
        if (driverUrl.length() <= "jdbc:".length()) {
            throw malformed(url, "the driver URL is empty");
        }
        return driverUrl;
    }

    /** Parses {@code url} and reads its configuration (the URL's options over the properties file's). */
    static GateConfig config(String url, ClassLoader... loaders) throws SQLException {
        Map<String, String> options = options(url, split(url)[0]);
        String resource = options.get("config");
        Properties file = load(url, resource == null ? DEFAULT_CONFIG : resource, resource != null, loaders);
        Map<String, String> settings = file == null ? new TreeMap<>() : fileSettings(resource, file);
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (SETTINGS.contains(e.getKey())) {
                settings.put(e.getKey(), e.getValue());
            }
        }
        List<GuardRequest> guards;
        if (options.containsKey("guards")) {
            guards = urlGuards(url, options.get("guards"), options.get("fpp"));
        } else {
            if (options.containsKey("fpp")) {
                throw malformed(url, "fpp applies to the URL's guards=...; size the guards of "
                        + (resource == null ? DEFAULT_CONFIG : resource) + " there (bloomgate.guards[n].fpp)");
            }
            if (file == null) {
                throw malformed(url, "no guards: name them in the URL (jdbc:bloomgate:guards=users.email:jdbc:...) or"
                        + " in " + DEFAULT_CONFIG + " on the class path (bloomgate.guards[0].table=users,"
                        + " bloomgate.guards[0].column=email)");
            }
            guards = fileGuards(url, resource == null ? DEFAULT_CONFIG : resource, file);
        }
        String where = url;
        return new GateConfig(List.copyOf(guards), duration(where, settings, "stale-after"),
                duration(where, settings, "snapshot-every"), duration(where, settings, "instance-timeout"),
                bool(where, settings, "jmx"), settings.get("jmx-gate-name"), bool(where, settings, "await-tables"));
    }

    private static Map<String, String> options(String url, String text) throws SQLException {
        Map<String, String> options = new LinkedHashMap<>();
        if (text.isEmpty()) {
            return options;
        }
        for (String part : text.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw malformed(url, "option '" + part + "' is not name=value");
            }
            String name = part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String value = part.substring(eq + 1).trim();
            if (!OPTIONS.contains(name)) {
                throw malformed(url, "unknown option '" + name + "' (options: " + new TreeSet<>(OPTIONS) + ")");
            }
            if (options.put(name, value) != null) {
                throw malformed(url, "option '" + name + "' given twice");
            }
        }
        return options;
    }

    private static List<GuardRequest> urlGuards(String url, String list, String fppText) throws SQLException {
        Double fpp = null;
        if (fppText != null) {
            fpp = fpp(url, "fpp", fppText);
        }
        List<GuardRequest> guards = new ArrayList<>();
        for (String item : list.split(",")) {
            String guard = item.trim();
            int dot = guard.lastIndexOf('.');
            if (dot <= 0 || dot == guard.length() - 1) {
                throw malformed(url, "guard '" + guard + "' is not table.column (or schema.table.column)");
            }
            guards.add(request(url, "guards=" + guard, guard.substring(0, dot), guard.substring(dot + 1), null, fpp));
        }
        return guards;
    }

    private static Properties load(String url, String resource, boolean required, ClassLoader... loaders)
            throws SQLException {
        String path = resource.startsWith("/") ? resource.substring(1) : resource;
        for (ClassLoader loader : loaders) {
            if (loader == null) {
                continue;
            }
            try (InputStream in = loader.getResourceAsStream(path)) {
                if (in != null) {
                    Properties p = new Properties();
                    p.load(in);
                    return p;
                }
            } catch (IOException e) {
                throw new SQLException("jdbc:bloomgate: cannot read " + path + " from the class path: " + e.getMessage(),
                        "08001", e);
            }
        }
        if (required) {
            throw malformed(url, "config=" + resource + ": no such file on the class path");
        }
        return null;
    }

    private static Map<String, String> fileSettings(String resource, Properties file) throws SQLException {
        Map<String, String> settings = new TreeMap<>();
        for (String key : file.stringPropertyNames()) {
            if (!key.startsWith("bloomgate.")) {
                continue; // the file may be shared with other settings
            }
            String name = key.substring("bloomgate.".length());
            if (SETTINGS.contains(name)) {
                settings.put(name, file.getProperty(key).trim());
            } else if (!GUARD_KEY.matcher(key).matches()) {
                throw new SQLException("jdbc:bloomgate: unknown property " + key + " in "
                        + (resource == null ? DEFAULT_CONFIG : resource) + " (known: bloomgate.guards[n].table, .column,"
                        + " .expected-keys, .fpp, and bloomgate." + String.join(", bloomgate.", new TreeSet<>(SETTINGS))
                        + ")", "08001");
            }
        }
        return settings;
    }

    private static List<GuardRequest> fileGuards(String url, String resource, Properties file) throws SQLException {
        TreeMap<Integer, Map<String, String>> byIndex = new TreeMap<>();
        for (String key : file.stringPropertyNames()) {
            Matcher m = GUARD_KEY.matcher(key);
            if (m.matches()) {
                byIndex.computeIfAbsent(Integer.parseInt(m.group(1)), i -> new TreeMap<>())
                        .put(m.group(2), file.getProperty(key).trim());
            }
        }
        if (byIndex.isEmpty()) {
            throw malformed(url, resource + " names no guards (bloomgate.guards[0].table=..., bloomgate.guards[0].column=...)");
        }
        List<GuardRequest> guards = new ArrayList<>();
        for (Map.Entry<Integer, Map<String, String>> e : byIndex.entrySet()) {
            String prefix = "bloomgate.guards[" + e.getKey() + "]";
            Map<String, String> g = e.getValue();
            if (g.get("table") == null || g.get("table").isEmpty() || g.get("column") == null || g.get("column").isEmpty()) {
                throw malformed(url, resource + ": " + prefix + " needs both .table and .column");
            }
            Long expected = null;
            if (g.containsKey("expected-keys")) {
                try {
                    expected = Long.parseLong(g.get("expected-keys").replace("_", ""));
                } catch (NumberFormatException ex) {
                    throw malformed(url, resource + ": " + prefix + ".expected-keys is not a number: " + g.get("expected-keys"));
                }
            }
            Double fpp = g.containsKey("fpp") ? fpp(url, resource + ": " + prefix + ".fpp", g.get("fpp")) : null;
            guards.add(request(url, resource + ": " + prefix, g.get("table"), g.get("column"), expected, fpp));
        }
        return guards;
    }

    /** The guard request, checked here so that a bad size is refused as the URL's (or its file's) error. */
    private static GuardRequest request(String url, String where, String table, String column, Long expectedKeys,
            Double fpp) throws SQLException {
        try {
            return GuardRequest.of(table, column, expectedKeys, fpp, GuardRequest.Spelling.PROPERTIES);
        } catch (IllegalArgumentException e) {
            throw malformed(url, where + ": " + e.getMessage());
        }
    }

    private static double fpp(String url, String what, String text) throws SQLException {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw malformed(url, what + " is not a number: " + text);
        }
    }

    private static Duration duration(String url, Map<String, String> settings, String name) throws SQLException {
        String text = settings.get(name);
        if (text == null) {
            return null;
        }
        try {
            return parseDuration(text);
        } catch (IllegalArgumentException e) {
            throw malformed(url, name + "=" + text + " is not a duration (e.g. 500ms, 5s, 10m, 1h, PT5S)");
        }
    }

    /** {@code 500ms}, {@code 5s}, {@code 10m}, {@code 1h}, {@code 1d}, ISO-8601 {@code PT5S}; a bare number is milliseconds. */
    static Duration parseDuration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("p") || t.startsWith("-p")) {
            try {
                return Duration.parse(text.trim());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(e);
            }
        }
        Matcher m = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?").matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException(text);
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofDays(n);
        };
    }

    private static boolean bool(String url, Map<String, String> settings, String name) throws SQLException {
        String text = settings.get(name);
        if (text == null) {
            return false;
        }
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw malformed(url, name + "=" + text + " is neither true nor false");
    }

    static SQLException malformed(String url, String why) {
        return new SQLException("Malformed bloomgate URL " + redact(url) + ": " + why, "08001");
    }

    /** The URL with passwords masked, for messages and logs. */
    static String redact(String url) {
        return url == null ? null : SECRET.matcher(url).replaceAll("$1=***");
    }
}
