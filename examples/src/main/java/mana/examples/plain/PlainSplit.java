package mana.examples.plain;

import java.nio.DoubleBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Collectives on communicators other than MPI_COMM_WORLD only, written as any Open MPI Java
 * program is (no MANA import, no safe point): the world is split into even and odd ranks, and
 * each step every rank sleeps a little, then averages a value over its half with
 * {@code allReduce}. Rank 0 prints its value every tenth step; at the end one world
 * {@code allReduce} sums every rank's value and rank 0 prints it. A transparent checkpoint cuts
 * it before a half's {@code allReduce}. With {@code nb} each step starts an {@code iAllReduce}
 * and waits for it instead (a checkpoint cuts it before a start, none pending). Arguments:
 * [steps] [ms every rank sleeps per step] [blocking|nb].
 */
public class PlainSplit {

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        boolean nb = args.length > 2 && args[2].equals("nb");
        DoubleBuffer nbBuf = MPI.newDoubleBuffer(1);
        Intracomm half = world.split(rank % 2, rank);
        double x = rank + 1;
        double[] buf = new double[1];
        for (int step = 0; step < steps; step++) {
            if (ms > 0) {
                Thread.sleep(ms);
            }
            buf[0] = x;
            if (nb) {
                nbBuf.put(0, x);
                half.iAllReduce(nbBuf, 1, MPI.DOUBLE, MPI.SUM).waitFor();
                buf[0] = nbBuf.get(0);
            } else {
                half.allReduce(buf, 1, MPI.DOUBLE, MPI.SUM);
            }
            x = 0.5 * x + 0.5 * buf[0] / half.getSize() + 1.0 / (step + 1);
            if (rank == 0 && step % 10 == 9) {
                System.out.println("step " + (step + 1) + " value " + x);
            }
        }
        buf[0] = x;
        world.allReduce(buf, 1, MPI.DOUBLE, MPI.SUM);
        if (rank == 0) {
            System.out.println("plain split total " + buf[0] + " after " + steps + " steps");
        }
        half.free();
        MPI.Finalize();
    }
}
