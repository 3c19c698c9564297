package mana.launcher.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mana.launcher.mpi.MpiImplementation;

/**
 * The physical reference of {@code mana bench p2p --mpi}: the same ping-pong in C
 * (benchmarks-mpi/c/pingpong.c), built at bench time with the library's own mpicc into
 * .mana/bench and run on 2 ranks by its own mpirun. Not built or run when that mpicc is missing
 * (said in one line).
 */
public final class CPingPong {
    private CPingPong() {
    }

    /** Builds (when the source is newer) and runs the C ping-pong; mpirun's exit status, or 0 when skipped. */
    public static int run(MpiImplementation mpi, Path home, String rounds, boolean root) throws IOException, InterruptedException {
        String lib = mpi.ffm() ? mpi.ffmName() : "openmpi";
        Path src = home.resolve("benchmarks-mpi/c/pingpong.c");
        Path exe = home.resolve(".mana/bench/pingpong-" + lib);
        String mpicc = "mpicc." + lib;
        if (!Files.isRegularFile(exe) || Files.getLastModifiedTime(exe).compareTo(Files.getLastModifiedTime(src)) < 0) {
            Files.createDirectories(exe.getParent());
            Process cc = new ProcessBuilder(mpicc, "-O2", "-o", exe.toString(), src.toString()).inheritIO().start();
            if (cc.waitFor() != 0) {
                System.out.println("# C reference left out: " + mpicc + " failed (exit " + cc.exitValue() + ")");
                return 0;
            }
        }
        List<String> cmd = new ArrayList<>();
        if (mpi.hydra()) {
            cmd.addAll(List.of("mpirun.mpich", "-n", "2"));
        } else {
            cmd.add("mpirun.openmpi");
            if (root) {
                cmd.add("--allow-run-as-root");
            }
            cmd.addAll(List.of("--oversubscribe", "-np", "2"));
        }
        cmd.addAll(List.of(exe.toString(), rounds, lib));
        System.out.flush();
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }
}
