/**
 * Message digests for the names and identities a minimization computes (dedup tokens, crash file
 * names, lock files), written out so that a short command pays no security-provider start-up.
 * Internal: no part of Whittle's API.
 */
package dev.whittle.jazzer.digest;
