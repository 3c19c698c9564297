package mana.shell.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small text table that can also print itself as JSON (an array of objects). */
final class Table {
    private final List<String> columns;
    private final List<List<String>> rows = new ArrayList<>();

    Table(String... columns) {
        this.columns = List.of(columns);
    }

    Table row(Object... cells) {
        if (cells.length != columns.size()) {
            throw new IllegalArgumentException("expected " + columns.size() + " cells");
        }
        List<String> r = new ArrayList<>();
        for (Object c : cells) {
            r.add(String.valueOf(c));
        }
        rows.add(r);
        return this;
    }

    int size() {
        return rows.size();
    }

    String render(boolean json) {
        return json ? json() : text();
    }

    String text() {
        int[] w = new int[columns.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = columns.get(i).length();
            for (List<String> r : rows) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, columns, w);
        for (List<String> r : rows) {
            line(sb, r, w);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells, int[] w) {
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            sb.append(c);
            if (i < cells.size() - 1) {
                sb.append(" ".repeat(w[i] - c.length() + 2));
            }
        }
        sb.append('\n');
    }

    String json() {
        StringBuilder sb = new StringBuilder("[");
        for (int r = 0; r < rows.size(); r++) {
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                m.put(columns.get(i).toLowerCase().replace(' ', '_'), rows.get(r).get(i));
            }
            sb.append(r == 0 ? "" : ",").append(object(m));
        }
        return sb.append("]\n").toString();
    }

    static String object(Map<String, String> m) {
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, String> e : m.entrySet()) {
            sb.append(first ? "" : ",").append(quote(e.getKey())).append(':').append(quote(e.getValue()));
            first = false;
        }
        return sb.append('}').toString();
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
