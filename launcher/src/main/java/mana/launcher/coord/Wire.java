package mana.launcher.coord;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * One message per line: a verb and space-separated fields; free text is base64url. The same
 * format as the rank agent's (bundle mana.agent, class Wire).
 */
public final class Wire {
    /** The empty text ('=' never appears in unpadded base64url), so no field is ever empty. */
    static final String EMPTY = "=";

    private Wire() {
    }

    public static String text(String s) {
        if (s == null || s.isEmpty()) {
            return EMPTY;
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    public static String untext(String field) {
        if (field.equals(EMPTY)) {
            return "";
        }
        return new String(Base64.getUrlDecoder().decode(field), StandardCharsets.UTF_8);
    }

    public static String[] fields(String line) {
        return line.trim().split(" ");
    }
}
