package mana.ckpt.heap.internal;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Kryo and the heap serializers compiled by C1 only (issue 18). A rank writes its heap image once
 * per checkpoint, cold: its JIT thresholds are raised (launcher RankJit), so Kryo's methods run
 * interpreted, then as C1 code that profiles for C2 (slower), and C2 compiles them late on cores
 * the serializer needs. A compiler directive excluding them from C2 makes the tiered policy
 * compile them once at C1's full optimization, without profiling. Added once per JVM, at the
 * first checkpoint or restart (not at start-up: the platform MBean server costs about 0.15 s),
 * through the DiagnosticCommand MBean (javax.management, imported optionally: without it nothing
 * changes). {@code -Dmana.heap.c1Only=false} switches it off.
 */
public final class KryoJit {
    static final boolean ENABLED = !"false".equalsIgnoreCase(System.getProperty("mana.heap.c1Only"));
    private static final String DIRECTIVE = "[{ match: [\"com/esotericsoftware/*.*\", \"org/objenesis/*.*\", \"mana/ckpt/heap/internal/*.*\"],"
            + " c2: { Exclude: true } }]";
    private static volatile boolean done;

    private KryoJit() {
    }

    /** Adds the directive once; false when off or not possible here (no error: only speed is at stake). */
    public static synchronized boolean apply() {
        if (done || !ENABLED) {
            return done;
        }
        done = true;
        Path f = null;
        try {
            f = Files.createTempFile("mana-kryo-jit", ".json");
            Files.writeString(f, DIRECTIVE);
            javax.management.MBeanServer s = java.lang.management.ManagementFactory.getPlatformMBeanServer();
            s.invoke(new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                    new Object[] {new String[] {f.toString()}}, new String[] {String[].class.getName()});
            return true;
        } catch (Exception | LinkageError e) {
            return false;
        } finally {
            if (f != null) {
                try {
                    Files.deleteIfExists(f);
                } catch (java.io.IOException ignored) {
                    // a temporary file
                }
            }
        }
    }
}
