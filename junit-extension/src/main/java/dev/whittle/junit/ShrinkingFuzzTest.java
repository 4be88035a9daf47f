package dev.whittle.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@code @FuzzTest} with Whittle's shrinking registered before it, in one annotation. It takes
 * Jazzer's defaults; for {@code maxDuration} and the other {@code @FuzzTest} attributes, put {@link
 * ShrinkFailingInputs} on the class and {@code @FuzzTest} on the method instead.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ShrinkFailingInputs
@FuzzTest
public @interface ShrinkingFuzzTest {}
