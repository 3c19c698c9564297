/* The physical reference of mana bench p2p --mpi: the same ping-pong in C (2 ranks, byte buffers,
 * MPI_Send/MPI_Recv), half round trip in microseconds, median of ROUNDS rounds; besides the wall
 * time, the thread's CPU time (a shared machine's other processes do not count in it) and the
 * best round. Built at bench time with the MPI's own mpicc (mpicc.openmpi, mpicc.mpich). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    const char *label = argc > 2 ? argv[2] : "c";
    static const int sizes[] = {8, 1024, 65536, 1048576};
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rounds < 1 || rounds > 1000) rounds = 5;
    char *buf = calloc(1048576, 1);
    double *t = calloc(rounds, sizeof(double));
    double *c = calloc(rounds, sizeof(double));
    if (rank == 0) printf("## ping-pong, C (%s), half round trip, median of %d rounds\n%10s %12s %12s %12s %12s\n", label, rounds,
                          "bytes", "c us", "best us", "c cpu us", "best cpu us");
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int bytes = sizes[s];
        int iters = (256 << 20) / bytes; /* as the Java bench: max(50, min(10000, 256 MiB / bytes)) */
        iters = iters > 10000 ? 10000 : iters < 50 ? 50 : iters;
        for (int r = 0; r < rounds; r++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime(), c0 = cpu_now();
            for (int i = 0; i < iters; i++) {
                if (rank == 0) {
                    MPI_Send(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                    MPI_Recv(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else if (rank == 1) {
                    MPI_Recv(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
                }
            }
            t[r] = (MPI_Wtime() - t0) / iters / 2;
            c[r] = (cpu_now() - c0) / iters / 2;
        }
        qsort(t, rounds, sizeof(double), cmp);
        qsort(c, rounds, sizeof(double), cmp);
        if (rank == 0) printf("%10d %12.3f %12.3f %12.3f %12.3f\n", bytes, t[rounds / 2] * 1e6, t[0] * 1e6, c[rounds / 2] * 1e6, c[0] * 1e6);
    }
    free(c);
    free(t);
    free(buf);
    MPI_Finalize();
    return 0;
}
