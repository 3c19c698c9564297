package mana.weaver.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Put by the weaver on every method it looked at closely: the bytecode offsets of its call sites
 * that may reach a cut point and, for each, why it cannot be captured ({@code ""}: it can). A
 * capture walks the stack and declines unless every frame's call site is here with {@code ""}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.CONSTRUCTOR})
public @interface Woven {
    int[] sites();

    String[] reasons();

    /** Non-empty when the method could not be instrumented, and why. */
    String failure() default "";
}
