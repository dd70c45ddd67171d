package io.bloomgate.clients;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Records what a client library sends: a {@link DataSource} proxy that notes every SQL text given to
 * {@code prepareStatement}, {@code prepareCall} and {@code Statement.execute*}/{@code addBatch}, with
 * whether generated keys were asked for and how parameters were bound (setter, Java type, target SQL
 * type; never the values), and forwards everything unchanged. It sits on the direct side only, so
 * the gate sees exactly what the application would send it (the libraries send the same on both
 * sides).
 */
final class SqlCapture {

    /** What one SQL text was sent with. */
    static final class Sent {
        int count;
        final Set<String> options = new LinkedHashSet<>();
        final Set<String> binds = new LinkedHashSet<>();
    }

    private final Map<String, Sent> texts = new LinkedHashMap<>();

    /** The texts recorded since the last call, in first-seen order. */
    synchronized Map<String, Sent> drain() {
        Map<String, Sent> copy = new LinkedHashMap<>(texts);
        texts.clear();
        return copy;
    }

    private synchronized void record(String sql, String option, String binds) {
        Sent sent = texts.computeIfAbsent(sql, s -> new Sent());
        if (option != null) {
            sent.options.add(option);
        }
        if (binds != null) {
            sent.count++;
            sent.binds.add(binds);
        }
    }

    DataSource wrap(DataSource target) {
        return proxy(DataSource.class, target, (method, args) -> {
            Object result = method.invoke(target, args);
            return result instanceof Connection c ? connection(c) : result;
        });
    }

    private Connection connection(Connection target) {
        return proxy(Connection.class, target, (method, args) -> {
            String name = method.getName();
            Object result = method.invoke(target, args);
            if ((name.equals("prepareStatement") || name.equals("prepareCall")) && args[0] instanceof String sql) {
                String option = args.length == 2 ? generatedKeys(args[1]) : null;
                record(sql, option, null);
                return prepared((PreparedStatement) result, sql);
            }
            if (name.equals("createStatement")) {
                return statement((Statement) result);
            }
            return result;
        });
    }

    private static String generatedKeys(Object arg) {
        if (arg instanceof Integer mode) {
            return mode == Statement.RETURN_GENERATED_KEYS ? "generated keys: RETURN_GENERATED_KEYS" : null;
        }
        if (arg instanceof String[] columns) {
            return "generated keys: columns " + Arrays.toString(columns);
        }
        if (arg instanceof int[] indexes) {
            return "generated keys: column indexes " + Arrays.toString(indexes);
        }
        return null;
    }

    private Statement statement(Statement target) {
        return proxy(Statement.class, target, (method, args) -> {
            String name = method.getName();
            if ((name.startsWith("execute") || name.equals("addBatch")) && args != null && args.length > 0
                    && args[0] instanceof String sql) {
                record(sql, args.length == 2 ? generatedKeys(args[1]) : null, "(plain Statement)");
            }
            return method.invoke(target, args);
        });
    }

    /** Notes the setters of each execution: {@code setString(1, String)}, {@code setObject(1, UUID, 1111)}. */
    private PreparedStatement prepared(PreparedStatement target, String sql) {
        Map<Integer, String> binds = new TreeMap<>();
        Class<? extends PreparedStatement> type = target instanceof java.sql.CallableStatement
                ? java.sql.CallableStatement.class : PreparedStatement.class;
        return proxy(type, target, (method, args) -> {
            String name = method.getName();
            if (name.startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer index
                    && method.getParameterTypes()[0] == int.class) {
                StringBuilder bind = new StringBuilder(name).append('(').append(index).append(", ")
                        .append(args[1] == null ? "null" : args[1].getClass().getSimpleName());
                for (int i = 2; i < args.length; i++) {
                    bind.append(", ").append(args[i]);
                }
                binds.put(index, bind.append(')').toString());
            } else if (name.equals("clearParameters")) {
                binds.clear();
            } else if ((name.startsWith("execute") || name.equals("addBatch")) && (args == null || args.length == 0)) {
                record(sql, null, binds.isEmpty() ? "(no parameters)" : String.join(" ", binds.values()));
            }
            return method.invoke(target, args);
        });
    }

    private interface Call {
        Object invoke(Method method, Object[] args) throws Throwable;
    }

    private static <T> T proxy(Class<T> type, Object target, Call call) {
        InvocationHandler handler = (p, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> p == args[0];
                    case "hashCode" -> System.identityHashCode(p);
                    default -> "capture(" + target + ")";
                };
            }
            try {
                return call.invoke(method, args);
            } catch (InvocationTargetException e) {
                throw e.getCause(); // the driver's own SQLException, unwrapped
            }
        };
        return type.cast(Proxy.newProxyInstance(SqlCapture.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    /** A short listing for the summary: each text with its count, options and binds; a few of many. */
    static List<String> describe(Map<String, Sent> texts, int limit) {
        List<String> lines = new ArrayList<>();
        int shown = 0;
        for (Map.Entry<String, Sent> e : texts.entrySet()) {
            if (shown++ == limit) {
                lines.add("... and " + (texts.size() - limit) + " more distinct texts");
                break;
            }
            Sent sent = e.getValue();
            lines.add(sent.count + "x  " + e.getKey().replaceAll("\\s+", " ").trim());
            for (String option : sent.options) {
                lines.add("      " + option);
            }
            for (String binds : sent.binds) {
                lines.add("      binds: " + binds);
            }
        }
        return lines;
    }
}
