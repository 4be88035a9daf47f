package dev.whittle.junit;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Shrinks the input of every failing {@code @FuzzTest} invocation of the annotated class in
 * process, with the test method as the oracle, and reports it in the failure:
 *
 * <pre>{@code
 * @ShrinkFailingInputs
 * class ParserFuzzTest {
 *   @FuzzTest
 *   void parse(byte[] input) { ... }
 * }
 * }</pre>
 *
 * <p>On a method, it MUST come before {@code @FuzzTest} (or use {@link ShrinkingFuzzTest}): an
 * extension registered after Jazzer's runs inside it and never sees its findings. The shrunk input
 * is written as {@code minimized-<sha1>} into the source Inputs directory the failing input came
 * from; see {@link dev.whittle.junit.api.WhittleConfiguration} for the options.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(WhittleExtension.class)
@API(status = STABLE, since = "0.1")
public @interface ShrinkFailingInputs {}
