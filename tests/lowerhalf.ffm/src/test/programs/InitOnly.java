/**
 * Initialises the binding's mpi.MPI class and nothing else (no MPI_Init): what every rank pays
 * before its first MPI call. FfmLowerHalfTest counts the downcall shapes the FFM lower half links
 * meanwhile (-Xlog:class+load).
 */
public class InitOnly {
    public static void main(String[] args) throws Exception {
        Class.forName("mpi.MPI");
        System.out.println("InitOnly: mpi.MPI initialised");
    }
}
