package dev.whittle.jazzer.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Marks a class loader whose classes get Jazzer's bug-detector hooks once Jazzer's agent is
 * installed: the loaders Whittle defines fuzz targets in. Every other class but the JDK's is left
 * alone (see {@link TargetOnlyInstrumentation}).
 */
@API(status = INTERNAL, since = "0.1")
public interface HookedClassLoader {}
