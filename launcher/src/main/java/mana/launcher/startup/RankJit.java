package mana.launcher.startup;

import java.util.List;

/**
 * JIT settings for rank JVMs that cut start-up without touching steady-state code: C2 (the
 * optimizing compiler) takes a method after ten times the JVM's default counts, so the
 * framework's boot, which runs string and map code hot for a second and never again, is
 * compiled by C1 only. Measured on the 2-core machine: a rank's boot costs about 0.8 s less
 * processor time (C2 compiled about 140 methods of the boot, ~0.7 s, for nothing). A method the
 * application keeps calling reaches C2 as before, after 50,000 calls instead of 5,000 (or
 * 150,000 calls and loop iterations together, a loop after 400,000 iterations): milliseconds
 * later, with the same code once there. C1 is untouched ({@code -XX:TieredStopAtLevel=1} would
 * cost steady-state speed and is not used). {@code MANA_STARTUP_JIT=off} leaves the JVM's
 * defaults; options in {@code MANA_JAVA_OPTS} come after these and win.
 *
 * <p>C1 with profiling (tier 3) likewise takes a method after ten times the default counts
 * (2,000 calls instead of 200, a loop after 600,000 iterations instead of 60,000): the boot
 * calls most of its methods a few hundred times, and compiling them was about 0.2 s of C1 time
 * per rank; with this a rank's boot costs about 0.1 s less processor time (measured with
 * {@code MANA_STARTUP_TRACE=on}, 6 alternating runs: 646 to 532 ms to main, median). A method
 * the application keeps calling is interpreted a little longer, then compiled as before.
 */
public final class RankJit {
    public static final String ENV = "MANA_STARTUP_JIT";
    /** How much later than the JVM's defaults C2 takes a method. */
    static final int C2_LATER = 10;
    /** How much later than the JVM's defaults C1 (with profiling, tier 3) takes a method. */
    static final int C1_LATER = 10;

    private RankJit() {
    }

    /** The options, none when {@code value} is {@code off}. */
    public static List<String> options(String value) {
        if (value != null && value.trim().equalsIgnoreCase("off")) {
            return List.of();
        }
        // JDK 17 (and 25) defaults: 5000, 600, 15000, 40000 and 200, 100, 2000, 60000
        return List.of("-XX:Tier4InvocationThreshold=" + 5000 * C2_LATER, "-XX:Tier4MinInvocationThreshold=" + 600 * C2_LATER,
                "-XX:Tier4CompileThreshold=" + 15000 * C2_LATER, "-XX:Tier4BackEdgeThreshold=" + 40000 * C2_LATER,
                "-XX:Tier3InvocationThreshold=" + 200 * C1_LATER, "-XX:Tier3MinInvocationThreshold=" + 100 * C1_LATER,
                "-XX:Tier3CompileThreshold=" + 2000 * C1_LATER, "-XX:Tier3BackEdgeThreshold=" + 60000 * C1_LATER);
    }
}
