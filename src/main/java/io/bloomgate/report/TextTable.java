package io.bloomgate.report;

import java.util.List;

/**
 * An aligned plain-text table: the first {@code leftAligned} columns (names) are padded on the
 * right, the rest (numbers) on the left, two spaces apart.
 */
public final class TextTable {

    private TextTable() {
    }

    /** A header line and one line per row; every row has the header's number of cells. */
    public static String render(String[] header, List<String[]> rows, int leftAligned) {
        int[] widths = new int[header.length];
        for (int c = 0; c < header.length; c++) {
            widths[c] = header[c].length();
            for (String[] row : rows) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        appendRow(out, header, widths, leftAligned);
        for (String[] row : rows) {
            appendRow(out, row, widths, leftAligned);
        }
        return out.toString();
    }

    private static void appendRow(StringBuilder out, String[] cells, int[] widths, int leftAligned) {
        for (int c = 0; c < cells.length; c++) {
            String cell = cells[c];
            boolean last = c == cells.length - 1;
            if (c < leftAligned) {
                out.append(cell).append(last ? "" : " ".repeat(widths[c] - cell.length()));
            } else {
                out.append(" ".repeat(widths[c] - cell.length())).append(cell);
            }
            out.append(last ? "\n" : "  ");
        }
    }
}
