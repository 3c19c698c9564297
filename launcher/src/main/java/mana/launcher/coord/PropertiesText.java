package mana.launcher.coord;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Properties in the text format {@link Properties#load(java.io.Reader)} reads, without the date
 * line {@link Properties#store} writes: that date loads the time-zone database, about 50 ms of
 * processor time in the {@code mana run} JVM before a job can start.
 */
public final class PropertiesText {
    private PropertiesText() {
    }

    /** A comment line, then one {@code key=value} line per entry in key order, escaped as {@code Properties.store} does. */
    public static String of(String comment, Properties p) {
        StringBuilder sb = new StringBuilder("#").append(comment.replaceAll("\\R", " ")).append('\n');
        Map<String, String> sorted = new TreeMap<>();
        for (String k : p.stringPropertyNames()) {
            sorted.put(k, p.getProperty(k));
        }
        sorted.forEach((k, v) -> sb.append(escape(k, true)).append('=').append(escape(v, false)).append('\n'));
        return sb.toString();
    }

    static String escape(String s, boolean key) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\f' -> sb.append("\\f");
                case '=', ':', '#', '!' -> sb.append('\\').append(c);
                case ' ' -> sb.append(i == 0 || key ? "\\ " : " ");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        sb.append(String.format("\\u%04X", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
