package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** mana bench: its arguments are checked before anything is launched. */
class BenchArgsTest {

    @Test
    void calibrationIsOnlyForThePingPongs() {
        UsageError e = assertThrows(UsageError.class, () -> Main.bench(List.of("coll", "5", "--calibrate")));
        assertTrue(e.getMessage().contains("--calibrate measures the ping-pongs only"), e.getMessage());
    }

    @Test
    void roundsMustBeAPositiveNumber() {
        UsageError e = assertThrows(UsageError.class, () -> Main.bench(List.of("p2p", "0", "--calibrate")));
        assertTrue(e.getMessage().contains("ROUNDS must be a positive integer, not '0'"), e.getMessage());
    }

    @Test
    void anUnknownKernelOrAnExtraArgumentShowsTheUsage() {
        for (List<String> args : List.of(List.of("pingpong"), List.of("p2p", "5", "6"))) {
            UsageError e = assertThrows(UsageError.class, () -> Main.bench(args));
            assertTrue(e.getMessage().contains("[--calibrate]"), e.getMessage());
        }
    }
}
