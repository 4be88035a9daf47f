package dev.whittle.junit;

import static org.apiguardian.api.API.Status.STABLE;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

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
@API(status = STABLE, since = "0.1")
public @interface ShrinkingFuzzTest {}
