/**
 * Message digests for the names and identities a minimization computes (dedup tokens, crash file
 * names, lock files), from the JDK's {@link java.security.MessageDigest}. Internal: no part of
 * Whittle's API.
 */
package dev.whittle.jazzer.digest;
