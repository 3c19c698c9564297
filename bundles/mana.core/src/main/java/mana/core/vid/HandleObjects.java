package mana.core.vid;

import mana.core.fn.TypeProvider;

/**
 * The upper half's handle objects ({@code mpi.Comm}, {@code mpi.Datatype}, ...) seen from the
 * platform, which never names either {@code mpi} package: the checkpoint engine writes such an
 * object as its handle and class name, and a restart turns them back into objects. The upper
 * half installs the one implementation when its classes load.
 */
public interface HandleObjects {

    /** The handle held by {@code o} if it is an upper-half handle object, else {@link #NOT_A_HANDLE}. */
    long vidOf(Object o);

    /** {@link #vidOf} of an object that is not an upper-half handle object. */
    long NOT_A_HANDLE = -1L;

    /**
     * An upper-half object of class {@code className} holding {@code vid} (for a live derived
     * datatype, the application's own object if the upper half still knows it).
     *
     * @throws IllegalArgumentException if the class is not an upper-half handle class
     */
    Object objectFor(int vid, String className);

    /** The upper half's user-operation adapter around an application's function object (an {@code mpi.UserFunction}). */
    TypeProvider.UserOp userOp(Object function);

    /** The installed implementation, or null before the upper half loaded. */
    static HandleObjects get() {
        return Holder.instance;
    }

    /** Called once by the upper half. */
    static void install(HandleObjects impl) {
        Holder.instance = impl;
    }

    /** Keeps the installed implementation (interfaces cannot hold mutable static fields). */
    final class Holder {
        static volatile HandleObjects instance;

        private Holder() {
        }
    }
}
