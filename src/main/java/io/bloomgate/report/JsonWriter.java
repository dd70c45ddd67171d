package io.bloomgate.report;

/**
 * A minimal JSON writer for bloomgate's reports (no dependency on a JSON library).
 *
 * <p>Strings escape {@code <}, {@code >} and {@code &} as {@code \u003c}-style escapes, so the
 * output can be embedded in an HTML page as it is; non-finite numbers are written as {@code null}.
 *
 * <pre>{@code
 * String json = new JsonWriter().beginObject().field("lookups", 42).field("state", "READY").endObject().toString();
 * }</pre>
 */
public final class JsonWriter {

    private final StringBuilder out = new StringBuilder();
    private boolean needsComma;

    /** Opens an object (as a value, or after {@link #name}). */
    public JsonWriter beginObject() {
        separate();
        out.append('{');
        needsComma = false;
        return this;
    }

    /** Closes the innermost object. */
    public JsonWriter endObject() {
        out.append('}');
        needsComma = true;
        return this;
    }

    /** Opens an array (as a value, or after {@link #name}). */
    public JsonWriter beginArray() {
        separate();
        out.append('[');
        needsComma = false;
        return this;
    }

    /** Closes the innermost array. */
    public JsonWriter endArray() {
        out.append(']');
        needsComma = true;
        return this;
    }

    /** Writes a field name inside an object; the next call writes its value. */
    public JsonWriter name(String name) {
        separate();
        appendQuoted(name);
        out.append(':');
        needsComma = false;
        return this;
    }

    /** Writes a string value, or {@code null}. */
    public JsonWriter value(String value) {
        separate();
        if (value == null) {
            out.append("null");
        } else {
            appendQuoted(value);
        }
        needsComma = true;
        return this;
    }

    /** Writes an integer value. */
    public JsonWriter value(long value) {
        separate();
        out.append(value);
        needsComma = true;
        return this;
    }

    /** Writes a number; NaN and infinities (which JSON cannot express) as {@code null}. */
    public JsonWriter value(double value) {
        separate();
        out.append(Double.isFinite(value) ? Double.toString(value) : "null");
        needsComma = true;
        return this;
    }

    /** Writes a boolean value. */
    public JsonWriter value(boolean value) {
        separate();
        out.append(value);
        needsComma = true;
        return this;
    }

    /** Writes a value that is already JSON (an object or array another writer produced), as it is. */
    public JsonWriter json(String encoded) {
        separate();
        out.append(encoded);
        needsComma = true;
        return this;
    }

    /** {@code name(name).value(value)}. */
    public JsonWriter field(String name, String value) {
        return name(name).value(value);
    }

    /** {@code name(name).value(value)}. */
    public JsonWriter field(String name, long value) {
        return name(name).value(value);
    }

    /** {@code name(name).value(value)}. */
    public JsonWriter field(String name, double value) {
        return name(name).value(value);
    }

    /** {@code name(name).value(value)}. */
    public JsonWriter field(String name, boolean value) {
        return name(name).value(value);
    }

    /** The JSON written so far. */
    @Override
    public String toString() {
        return out.toString();
    }

    private void separate() {
        if (needsComma) {
            out.append(',');
        }
    }

    private void appendQuoted(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    // < > & and the JavaScript line separators escaped: safe inside an HTML <script>
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
