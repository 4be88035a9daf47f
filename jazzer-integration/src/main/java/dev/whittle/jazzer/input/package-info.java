/**
 * Reading the files a user gives Whittle to reduce (crash files, corpus files, {@code reduce}'s
 * INPUT) one checked way, so that no such file can block a front door or end it with a stack trace.
 * Internal: no part of Whittle's API.
 */
package dev.whittle.jazzer.input;
