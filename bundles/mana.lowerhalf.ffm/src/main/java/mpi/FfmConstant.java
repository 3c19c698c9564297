package mpi;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * FFM native of mpi.Constant: every int field X gets Open MPI 4.1's MPI_X
 * ({@link OpenMpiConstants}), whatever the C library, so the values an application keeps across
 * a restart on another library keep their meaning; the downcalls translate ({@link FfmValues}).
 */
final class FfmConstant {

    private FfmConstant() {
    }

    /** As mpi_Constant.c's setConstant, which sets each field by name; fields it has no value for stay 0. */
    static void setConstant(Constant self) {
        for (Field f : Constant.class.getDeclaredFields()) {
            if (f.getType() != int.class || Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            Integer v = OpenMpiConstants.VALUES.get(f.getName());
            if (v != null) {
                try {
                    f.setInt(self, v);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot set Constant." + f.getName(), e);
                }
            }
        }
    }
}
