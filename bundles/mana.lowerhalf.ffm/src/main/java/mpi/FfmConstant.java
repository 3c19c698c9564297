package mpi;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/** FFM native of mpi.Constant: every int field X gets MPI_X from the implementation's mpi.h. */
final class FfmConstant {

    private FfmConstant() {
    }

    /** As mpi_Constant.c's setConstant, which sets each field by name; fields it has no value for stay 0. */
    static void setConstant(Constant self) {
        for (Field f : Constant.class.getDeclaredFields()) {
            if (f.getType() != int.class || Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            Long v = FfmLib.cOrNull("MPI_" + f.getName());
            if (v != null) {
                try {
                    f.setInt(self, v.intValue());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot set Constant." + f.getName(), e);
                }
            }
        }
    }
}
