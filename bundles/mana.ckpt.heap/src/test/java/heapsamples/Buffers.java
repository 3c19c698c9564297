package heapsamples;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import testmpi.Mpi;

/** Buffers across cut points: a direct buffer and a slice of it (one memory), a heap buffer over an array the program also uses. */
public class Buffers {
    public static void main(String[] args) {
        ByteBuffer direct = ByteBuffer.allocateDirect(16);
        ByteBuffer slice = direct.position(8).slice();
        direct.clear();
        int[] backing = new int[4];
        IntBuffer view = IntBuffer.wrap(backing);
        for (int i = 0; i < 4; i++) {
            Mpi.barrier();
            slice.put(i, (byte) (i * 3 + 1));      // lands in direct's memory at 8 + i
            direct.put(i, (byte) Mpi.allreduce(i));
            view.put(i, i * 10);                   // lands in backing[i]
            backing[(i + 1) % 4] += 1;             // seen through view
            System.out.println(i + " direct=" + direct.get(8 + i) + "," + direct.get(i) + " view=" + view.get(i) + ","
                    + view.get((i + 1) % 4) + " backing=" + backing[i] + " pos=" + slice.position());
        }
    }
}
