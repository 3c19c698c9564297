package samples;

import java.util.List;
import java.util.function.IntUnaryOperator;
import testmpi.Mpi;

/** A lambda called by the program itself (capturable: the proxy only forwards); one called by the JDK (not). */
public class Lambdas {
    public static void main(String[] args) {
        IntUnaryOperator op = x -> Mpi.allreduce(x) + 1;
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            sum += op.applyAsInt(i);
            System.out.println("sum " + sum);
        }
        if (args.length > 0 && args[0].equals("jdk")) {
            List.of(1, 2).forEach(x -> Mpi.barrier());
            Mpi.barrier();
        }
        System.out.println("done " + sum);
    }
}
