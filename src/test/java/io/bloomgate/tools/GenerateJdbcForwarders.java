package io.bloomgate.tools;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Generates the pure-delegation JDBC classes of io.bloomgate.jdbc (Forwarding*). Every method of
 * the interface forwards to the delegate, so behaviour not overridden by the gate's subclasses is
 * exactly the driver's, default methods included (a driver may override those).
 *
 * <p>Run from the repository root: {@code java src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java}
 * ({@link #COMMAND}); {@code GeneratedForwardersTest} fails when the committed classes differ from what this
 * writes. The output is committed, in its own source folder ({@link #SOURCES}, added to the build by
 * build-helper-maven-plugin) so a reader sees at once that it is generated, in the package of the
 * hand-written subclasses (they share package-private members); regenerate when moving to a newer JDBC version.
 */
public class GenerateJdbcForwarders {

    /** Where the generated classes live: a source folder of generated code only. */
    static final Path SOURCES = Path.of("src/generated/java/io/bloomgate/jdbc");

    /** This generator's source file, from the repository root. */
    static final String GENERATOR = "src/test/java/io/bloomgate/tools/GenerateJdbcForwarders.java";

    /** The command that regenerates {@link #SOURCES}, run from the repository root. */
    static final String COMMAND = "java " + GENERATOR;

    private static Path OUT = SOURCES;

    /** Writes the classes into {@link #SOURCES}, or into the directory given as the first argument. */
    public static void main(String[] args) throws IOException {
        OUT = args.length > 0 ? Path.of(args[0]) : SOURCES;
        forwarding(java.sql.Connection.class, null, "ForwardingConnection", "Connection", null);
        forwarding(java.sql.Statement.class, null, "ForwardingStatement", "Statement", null);
        forwarding(java.sql.PreparedStatement.class, java.sql.Statement.class, "ForwardingPreparedStatement",
                "PreparedStatement", "GateStatement");
        forwarding(java.sql.CallableStatement.class, java.sql.PreparedStatement.class,
                "ForwardingCallableStatement", "CallableStatement", "GatePreparedStatement");
        forwarding(java.sql.ResultSet.class, null, "ForwardingResultSet", "ResultSet", null);
        forwarding(java.sql.DatabaseMetaData.class, null, "ForwardingDatabaseMetaData", "DatabaseMetaData", null);
        // RowlessResultSet (the base of the gate's empty answer) is written by hand: each method
        // states which of the drivers' rules it follows (see DriverErrors).
    }

    private static String header(Method m) {
        StringBuilder s = new StringBuilder();
        TypeVariable<Method>[] typeParameters = m.getTypeParameters();
        if (typeParameters.length > 0) {
            s.append(Arrays.stream(typeParameters).map(TypeVariable::getName)
                    .collect(Collectors.joining(", ", "<", "> ")));
        }
        s.append(type(m.getGenericReturnType())).append(' ').append(m.getName()).append('(');
        Type[] params = m.getGenericParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (i > 0) {
                s.append(", ");
            }
            String t = type(params[i]);
            if (m.isVarArgs() && i == params.length - 1) {
                t = t.substring(0, t.length() - 2) + "...";
            }
            s.append(t).append(" p").append(i + 1);
        }
        s.append(')');
        if (m.getExceptionTypes().length > 0) {
            s.append(" throws ").append(Arrays.stream(m.getExceptionTypes()).map(Class::getName)
                    .collect(Collectors.joining(", ")));
        }
        return s.toString();
    }

    /**
     * @param iface     the interface to implement
     * @param inherited methods of this super-interface are already forwarded by the superclass
     * @param parent    the superclass (which holds the delegate), or null for a root class
     */
    static void forwarding(Class<?> iface, Class<?> inherited, String name, String simple, String parent)
            throws IOException {
        StringBuilder s = new StringBuilder();
        s.append("// GENERATED from java.sql.").append(simple).append(" (Java ").append(Runtime.version().feature())
                .append(") by ").append(GENERATOR).append(". Do not edit:\n");
        s.append("// regenerate from the repository root with `").append(COMMAND).append("`\n");
        s.append("// (GeneratedForwardersTest fails while this file differs from the generator's output).\n");
        s.append("package io.bloomgate.jdbc;\n\n");
        s.append("/**\n * Forwards every {@code java.sql.").append(simple)
                .append("} method to the driver's object; the gate's\n * subclass overrides only what it changes."
                        + " Generated, one idea: delegation.\n */\n");
        s.append("@SuppressWarnings({\"deprecation\", \"unchecked\"})\n");
        if (iface == java.sql.PreparedStatement.class) {
            s = new StringBuilder(s.toString().replace("Generated, one idea: delegation.",
                    "Generated, one idea: delegation;\n * setters report what they bound through the {@code bound*} hooks."));
        }
        if (parent == null) {
            s.append("abstract class ").append(name).append(" implements java.sql.").append(simple).append(" {\n\n");
            s.append("    /** The driver's object. */\n");
            s.append("    final java.sql.").append(simple).append(" delegate;\n\n");
            s.append("    ").append(name).append("(java.sql.").append(simple).append(" delegate) {\n");
            s.append("        this.delegate = delegate;\n    }\n");
        } else {
            s.append("abstract class ").append(name).append(" extends ").append(parent)
                    .append(" implements java.sql.").append(simple).append(" {\n\n");
            s.append("    /** The driver's object, typed. */\n");
            s.append("    final java.sql.").append(simple).append(" ").append(field(simple)).append(";\n\n");
            boolean callable = iface == java.sql.CallableStatement.class;
            s.append("    ").append(name).append("(GateConnection connection, java.sql.").append(simple)
                    .append(" delegate, String sql").append(callable ? ", CachedPlan plan" : "")
                    .append(", int resultSetType, int resultSetConcurrency) {\n");
            s.append("        super(connection, delegate, sql").append(callable ? ", plan" : "")
                    .append(", resultSetType, resultSetConcurrency);\n");
            s.append("        this.").append(field(simple)).append(" = delegate;\n    }\n");
        }
        if (iface == java.sql.PreparedStatement.class) {
            s.append("\n    /** Parameter {@code index} was bound to an integer. */\n")
                    .append("    abstract void boundLong(int index, long value);\n")
                    .append("\n    /** Parameter {@code index} was bound to SQL NULL. */\n")
                    .append("    abstract void boundNull(int index);\n")
                    .append("\n    /** Parameter {@code index} was bound to a value the key forms may convert. */\n")
                    .append("    abstract void boundObject(int index, Object value);\n")
                    .append("\n    /** Parameter {@code index} was bound with {@code setObject(index, value, targetSqlType)}. */\n")
                    .append("    abstract void boundObject(int index, Object value, int targetSqlType);\n")
                    .append("\n    /** Parameter {@code index} was bound in a way the gate does not reproduce. */\n")
                    .append("    abstract void boundUnknown(int index);\n")
                    .append("\n    /** All parameters were cleared. */\n")
                    .append("    abstract void unbindAll();\n");
        }
        String target = parent == null ? "delegate" : field(simple);
        Set<String> inheritedSignatures = new LinkedHashSet<>();
        if (inherited != null) {
            for (Method m : inherited.getMethods()) {
                inheritedSignatures.add(signature(m));
            }
        }
        Set<String> seen = new LinkedHashSet<>();
        Method[] methods = iface.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName).thenComparing(GenerateJdbcForwarders::signature));
        for (Method m : methods) {
            if (Modifier.isStatic(m.getModifiers()) || inheritedSignatures.contains(signature(m))
                    || !seen.add(signature(m))) {
                continue;
            }
            s.append("\n    @Override\n    public ").append(header(m));
            Type[] params = m.getGenericParameterTypes();
            s.append(" {\n        ");
            String hook = iface == java.sql.PreparedStatement.class ? bindHook(m) : null;
            if (hook != null) {
                // Record what was bound only once the driver accepted it; if the driver refused,
                // the parameter's value is no longer known to the gate.
                s.append("try {\n            ");
            }
            if (m.getReturnType() != void.class) {
                s.append("return ");
            }
            s.append(target).append('.').append(m.getName()).append('(');
            for (int i = 0; i < params.length; i++) {
                s.append(i > 0 ? ", " : "").append('p').append(i + 1);
            }
            s.append(");\n");
            if (hook != null) {
                s.append("        } catch (java.sql.SQLException | RuntimeException e) {\n")
                        .append("            boundUnknown(p1);\n            throw e;\n        }\n")
                        .append("        ").append(hook).append(";\n");
            } else if (iface == java.sql.PreparedStatement.class && m.getName().equals("clearParameters")) {
                s.append("        unbindAll();\n");
            }
            s.append("    }\n");
        }
        s.append("}\n");
        Files.writeString(OUT.resolve(name + ".java"), s.toString());
    }

    /**
     * The hook a PreparedStatement setter calls after the driver accepted the value: integers keep
     * their primitive value (no boxing on the lookup path), the types a key can be bound as keep the
     * value, and every other setter marks the parameter as not convertible.
     */
    private static String bindHook(Method m) {
        Class<?>[] types = m.getParameterTypes();
        if (!m.getName().startsWith("set") || types.length < 2 || types[0] != int.class) {
            return null;
        }
        switch (m.getName()) {
            case "setInt", "setLong", "setShort", "setByte":
                return "boundLong(p1, p2)";
            case "setNull":
                return "boundNull(p1)";
            case "setString", "setNString", "setBigDecimal", "setBytes":
                return "boundObject(p1, p2)";
            case "setArray":
                return "boundObject(p1, p2)";
            case "setObject":
                // With a target SQL type the driver converts first: the gate decides per type which
                // forms it can reproduce (setObject(v, Types.OTHER) on PostgreSQL: typed by the server).
                if (types.length == 2) {
                    return "boundObject(p1, p2)";
                }
                return types.length == 3 && types[2] == int.class ? "boundObject(p1, p2, p3)" : "boundUnknown(p1)";
            default:
                return "boundUnknown(p1)";
        }
    }

    private static String field(String simple) {
        return Character.toLowerCase(simple.charAt(0)) + simple.substring(1);
    }

    private static String signature(Method m) {
        return m.getName() + Arrays.toString(m.getParameterTypes());
    }

    private static String type(Type t) {
        return t.getTypeName().replace('$', '.');
    }
}
