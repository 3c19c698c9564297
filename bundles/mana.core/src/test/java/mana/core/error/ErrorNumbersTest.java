package mana.core.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.lang.reflect.Proxy;
import java.util.Map;
import mana.core.fn.EnvProvider;
import mana.core.fn.FunctionTable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ErrorNumbersTest {

    @AfterEach
    void uninstall() {
        FunctionTable.install(EnvProvider.class, null);
        ErrorNumbers.forget();
    }

    @Test
    void namesAreMpiHs() {
        assertEquals("INFO_VALUE", ErrorNumbers.name(33)); // Open MPI's mpi.h: MPI_ERR_INFO_VALUE 33, MPI_ERR_INFO_NOKEY 32
        assertEquals("INFO_NOKEY", ErrorNumbers.name(32));
        assertEquals("WIN", ErrorNumbers.name(ErrorClass.WIN));
    }

    @Test
    void translatedByNameIntoTheRunningLowerHalfsNumbers() {
        assumeFalse(FunctionTable.isProvided(EnvProvider.class), "an EnvProvider is installed in this JVM");
        assertEquals(53, ErrorNumbers.toLowerHalf(ErrorClass.WIN), "no lower half to ask: unchanged");
        // MPICH 4.0's mpi.h
        Map<String, Integer> mpich = Map.of("MPI.ERR_WIN", 45, "MPI.ERR_INFO_VALUE", 30, "MPI.ERR_UNSUPPORTED_OPERATION", 44);
        FunctionTable.install(EnvProvider.class, (EnvProvider) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {EnvProvider.class}, (proxy, m, args) -> {
                    if (m.getName().equals("intConstant")) {
                        Integer v = mpich.get((String) args[0]);
                        if (v == null) {
                            throw new ManaException(ErrorClass.ARG, ErrorClass.ARG, "no constant " + args[0]);
                        }
                        return v;
                    }
                    throw new UnsupportedOperationException(m.getName());
                }));
        assertEquals(45, ErrorNumbers.toLowerHalf(ErrorClass.WIN));
        assertEquals(30, ErrorNumbers.toLowerHalf(ErrorClass.INFO_VALUE));
        assertEquals(44, ErrorNumbers.toLowerHalf(ErrorClass.UNSUPPORTED_OPERATION));
        assertEquals(ErrorClass.ARG, ErrorNumbers.toLowerHalf(ErrorClass.ARG), "a class the lower half cannot name keeps its number");
        assertEquals(0, ErrorNumbers.toLowerHalf(ErrorClass.SUCCESS));
        assertEquals(1000, ErrorNumbers.toLowerHalf(1000), "not a class MANA makes");
    }
}
