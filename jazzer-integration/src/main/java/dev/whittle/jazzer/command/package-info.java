/**
 * The external test command of {@code whittle reduce}, as the front doors see it: started, run on a
 * candidate, described in messages, and its failures told apart, without naming the engine that
 * runs it.
 */
package dev.whittle.jazzer.command;
