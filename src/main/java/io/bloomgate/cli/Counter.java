package io.bloomgate.cli;

/**
 * One of a database's own counters as the demo prints it.
 *
 * @param row    its row in the summary's tables: what it counts and where it comes from
 * @param name   what it counts, in sentences and in the HTML page's rows ("H2 file reads")
 * @param source where the figure comes from, for the HTML page ("H2 info.FILE_READ")
 * @param json   its field in {@code bench --json}; the headline's also names the derived fields
 *               ({@code measuredFileReads}, {@code withoutGateFileReads}, ...)
 * @param bytes  a count of bytes (printed in MiB)
 * @param split  printed again for the crawl's lookups and its inserts apart
 */
record Counter(String row, String name, String source, String json, boolean bytes, boolean split) {

    /** {@link #json} after a prefix, capitalised: {@code lookup} + {@code FileReads}. */
    String json(String prefix) {
        return prefix + Character.toUpperCase(json.charAt(0)) + json.substring(1);
    }
}
