package mana.shell.internal;

import java.lang.reflect.Field;

/** The lower half's own handle value of an object (its {@code handle} field), without naming its classes. */
final class LowerHandles {
    private LowerHandles() {
    }

    static String of(Object lower) {
        if (lower == null) {
            return "-";
        }
        for (Class<?> c = lower.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField("handle");
                f.setAccessible(true);
                Object v = f.get(lower);
                return v instanceof Long l ? String.format("0x%x", l) : String.valueOf(v);
            } catch (NoSuchFieldException e) {
                // try the superclass
            } catch (ReflectiveOperationException | RuntimeException e) {
                return lower.getClass().getSimpleName();
            }
        }
        return lower.getClass().getSimpleName();
    }
}
