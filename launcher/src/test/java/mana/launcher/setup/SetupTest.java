package mana.launcher.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SetupTest {

    @Test
    void upstreamVersion() {
        assertEquals("4.1.4", Setup.upstreamOf("4.1.4-3+b1"));
        assertEquals("4.1.4", Setup.upstreamOf("4.1.4-3"));
        assertEquals("5.0.6", Setup.upstreamOf("1:5.0.6-2"));
        assertEquals("4.1.4", Setup.upstreamOf(" 4.1.4 "));
        assertEquals("4.1.4", new Setup.OpenMpiVersion("4.1.4-3+b1", "4.1.4-3").upstream());
    }

    @Test
    void debSrcFromDeb822() {
        String text = """
                Types: deb
                URIs: http://deb.debian.org/debian
                Suites: bookworm bookworm-updates
                Components: main
                Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

                # security
                Types: deb
                URIs: http://deb.debian.org/debian-security
                Suites: bookworm-security
                Components: main
                Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
                """;
        String out = Setup.debSrcFromDeb822(text);
        assertEquals("""
                Types: deb-src
                URIs: http://deb.debian.org/debian
                Suites: bookworm bookworm-updates
                Components: main
                Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

                Types: deb-src
                URIs: http://deb.debian.org/debian-security
                Suites: bookworm-security
                Components: main
                Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

                """, out);
        assertTrue(Setup.hasDebSrc(out));
        assertEquals("", Setup.debSrcFromDeb822("Types: deb\nEnabled: no\nURIs: x\n"), "disabled stanzas are dropped");
    }

    @Test
    void debSrcFromOneLine() {
        String text = "# comment\ndeb http://deb.debian.org/debian bookworm main\n  deb [arch=amd64] http://x/y bookworm contrib\ndeb-src http://z bookworm main\n";
        assertEquals("deb-src http://deb.debian.org/debian bookworm main\ndeb-src [arch=amd64] http://x/y bookworm contrib\n",
                Setup.debSrcFromOneLine(text));
    }

    @Test
    void hasDebSrc() {
        assertTrue(Setup.hasDebSrc("deb http://a b c\ndeb-src http://a b c\n"));
        assertTrue(Setup.hasDebSrc("Types: deb deb-src\nURIs: http://a\n"));
        assertFalse(Setup.hasDebSrc("deb http://a b c\n# deb-src http://a b c\n"));
        assertFalse(Setup.hasDebSrc("Types: deb\nURIs: http://a\n"));
    }

    @Test
    void installedStatus() {
        assertTrue(Setup.isInstalledStatus("install ok installed"));
        assertTrue(Setup.isInstalledStatus("install ok installed\n"));
        assertFalse(Setup.isInstalledStatus("deinstall ok config-files"));
        assertFalse(Setup.isInstalledStatus(""));
    }
}
