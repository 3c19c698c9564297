package mana.agent.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The coordinator protocol is one message per line: a verb and space-separated fields; free
 * text (reasons, commands, output, paths) is base64url so that it never breaks the framing.
 * The launcher's coordinator speaks the same format (mana.launcher.coord.Wire).
 */
final class Wire {
    /** The empty text ('=' never appears in unpadded base64url), so no field is ever empty. */
    static final String EMPTY = "=";

    private Wire() {
    }

    static String text(String s) {
        if (s == null || s.isEmpty()) {
            return EMPTY;
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static String untext(String field) {
        if (field.equals(EMPTY)) {
            return "";
        }
        return new String(Base64.getUrlDecoder().decode(field), StandardCharsets.UTF_8);
    }

    static String[] fields(String line) {
        return line.trim().split(" ");
    }
}
