package mana.examples.plain;

import java.util.ArrayDeque;
import java.util.Deque;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A pipeline with point-to-point calls only (no collective), written as any Open MPI Java
 * program is: no MANA import, no safe point. Rank 0 makes items, each middle rank receives one
 * from its left, transforms it and sends it right, the last rank folds them into a checksum and
 * prints every tenth item. A transparent checkpoint can cut it only at its blocking sends and
 * receives. Arguments: [items] [ms rank 0 sleeps per item].
 */
public class PlainPipeline {
    static long itemsSeen;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        long[] item = new long[2];
        Deque<Long> recent = new ArrayDeque<>();
        long checksum = 19;
        for (int i = 0; i < items; i++) {
            if (rank == 0) {
                item[0] = i;
                item[1] = (long) i * i + 7;
                if (ms > 0) {
                    Thread.sleep(ms);
                }
            } else {
                world.recv(item, 2, MPI.LONG, rank - 1, 3);
                item[1] = stage(rank, item[1]);
            }
            if (rank < size - 1) {
                world.send(item, 2, MPI.LONG, rank + 1, 3);
                continue;
            }
            recent.addLast(item[1]);
            if (recent.size() > 5) {
                recent.removeFirst();
            }
            checksum = checksum * 1_000_003L + item[1] + recent.size();
            itemsSeen++;
            if (item[0] % 10 == 9) {
                System.out.println("item " + (item[0] + 1) + " value " + item[1]);
            }
        }
        if (rank == size - 1) {
            System.out.println("plain pipeline checksum " + checksum + " after " + itemsSeen + " items");
        }
        MPI.Finalize();
    }

    /** What stage {@code rank} does to a value. */
    static long stage(int rank, long v) {
        return v * (2 * rank + 1) + rank;
    }
}
