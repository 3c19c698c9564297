package mana.weaver.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes the woven samples to target/woven (for javap when debugging the weaver). */
public final class DumpWoven {
    public static void main(String[] args) throws Exception {
        Map<String, byte[]> classes = SampleLoader.sampleClasses();
        Weaver w = Weaver.of(classes, n -> n.startsWith("testmpi/"), Weaver.resources(DumpWoven.class.getClassLoader()));
        for (Map.Entry<String, byte[]> e : classes.entrySet()) {
            byte[] out = w.weave(e.getValue());
            Path p = Path.of("target/woven", e.getKey() + ".class");
            Files.createDirectories(p.getParent());
            Files.write(p, out == null ? e.getValue() : out);
            System.out.println(e.getKey() + (out == null ? " unchanged" : " woven"));
        }
    }
}
