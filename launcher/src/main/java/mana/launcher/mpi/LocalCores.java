package mana.launcher.mpi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * This node's processor cores as Open MPI counts its default slots: physical cores (distinct
 * package and core ids in sysfs), not hardware threads; the JVM's processor count where sysfs
 * does not say.
 */
final class LocalCores {
    private LocalCores() {
    }

    static int count() {
        return count(Path.of("/sys/devices/system/cpu"), Runtime.getRuntime().availableProcessors());
    }

    static int count(Path cpuDir, int fallback) {
        Set<String> cores = new HashSet<>();
        try (Stream<Path> s = Files.list(cpuDir)) {
            for (Path cpu : s.filter(p -> p.getFileName().toString().matches("cpu\\d+")).toList()) {
                Path topo = cpu.resolve("topology");
                if (Files.isRegularFile(topo.resolve("core_id"))) {
                    cores.add(read(topo.resolve("physical_package_id")) + ":" + read(topo.resolve("core_id")));
                }
            }
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
        return cores.isEmpty() ? fallback : cores.size();
    }

    private static String read(Path p) throws IOException {
        return Files.isRegularFile(p) ? Files.readString(p).trim() : "0";
    }
}
