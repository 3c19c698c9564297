package mana.launcher.coord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PropertiesTextTest {

    @Test
    void loadsBackWhatItWrote() throws IOException {
        Properties p = new Properties();
        p.setProperty("app", " /a path/with spaces=and:colons#and!bangs\\back\tslash\nnewline é ü 漢 ");
        p.setProperty("key with space", "v");
        p.setProperty("empty", "");
        p.setProperty("port", "4711");
        Properties back = new Properties();
        back.load(new ByteArrayInputStream(PropertiesText.of("a\ncomment", p).getBytes(StandardCharsets.ISO_8859_1)));
        assertEquals(p, back);
    }

    @Test
    void hasNoDateLine() {
        Properties p = new Properties();
        p.setProperty("job", "x");
        String text = PropertiesText.of("MANA job", p);
        assertEquals("#MANA job\njob=x\n", text);
        assertFalse(text.contains("UTC"));
    }
}
