/**
 * The Bloom filter family, usable on its own: blocked (the default: a key's bits in one cache
 * line), counting (4-bit counters, supports removal) and scalable (grows with tightening rates),
 * created by {@link io.bloomgate.filter.BloomFilters} from a {@link io.bloomgate.filter.FilterSpec},
 * hashed with XXH3 and serialised with a versioned, checksummed header ({@link
 * io.bloomgate.filter.BloomFilter#writeTo}, {@link io.bloomgate.filter.BloomFilters#readFrom}).
 * {@link io.bloomgate.filter.FilterFacts} describes a filter (a guard's snapshot carries them).
 *
 * <p>A leaf: no JDBC and nothing else of bloomgate (docs/architecture.md sections 6 and 7).
 */
package io.bloomgate.filter;
