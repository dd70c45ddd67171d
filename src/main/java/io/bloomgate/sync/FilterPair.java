package io.bloomgate.sync;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.BloomFilters;
import io.bloomgate.filter.FilterSpec;
import io.bloomgate.sql.GuardedTable;
import java.util.Locale;

/**
 * A guard's filter, and during an online rebuild the next one. A rebuild fills the next filter while
 * the current one keeps answering; from {@link #begin} on, every add goes to both; {@link #swap}
 * makes the next one current. Adders read {@code next} <em>before</em> {@code current}, and the swap
 * writes {@code current} before clearing {@code next} (both volatile): an adder that sees {@code
 * next} cleared is therefore guaranteed to see the new {@code current}, so no add can land only in
 * the retired filter.
 *
 * <p>{@link #begin}, {@link #swap}, {@link #restore} and {@link #abandon} run under the {@link
 * Guard}'s lock; adds and probes take none.
 */
final class FilterPair {

    private volatile FilterSpec spec;
    private volatile BloomFilter current;
    private volatile BloomFilter next;

    FilterPair(GuardedTable table, FilterSpec spec) {
        this.spec = spec;
        this.current = newFilter(table, spec, "Guard it with fewer expected keys or a higher rate"
                + " (BloomGate.Builder.guard(table, column, expectedKeys, fpp); in H2 SQL, BLOOM_GUARD(table, column,"
                + " expected_keys, fpp))");
    }

    /**
     * The filter for {@code spec}; when it cannot be made (too large for a Java array, a rate no
     * filter reaches, not enough heap) the error names the guard and its sizing: the filter
     * package's own message knows neither.
     */
    static BloomFilter newFilter(GuardedTable table, FilterSpec spec, String whatToDo) {
        try {
            return BloomFilters.create(spec);
        } catch (IllegalArgumentException | IllegalStateException e) {
            String message = String.format(Locale.ROOT, "Cannot build the filter of the guard on %s (%,d expected"
                    + " keys, false-positive rate %s): %s. %s", table, spec.expectedKeys(), spec.targetFpp(),
                    e.getMessage(), whatToDo);
            throw e instanceof IllegalStateException ? new IllegalStateException(message, e)
                    : new IllegalArgumentException(message, e);
        }
    }

    /** The filter lookups are answered from. */
    BloomFilter current() {
        return current;
    }

    /** The sizing of the current filter. */
    FilterSpec spec() {
        return spec;
    }

    boolean rebuilding() {
        return next != null;
    }

    /** The still-empty filter of a guard being built becomes one loaded from a snapshot. */
    void restore(BloomFilter loaded, FilterSpec loadedSpec) {
        current = loaded;
        spec = loadedSpec;
    }

    /** From now on every add also goes to {@code fresh}, for a scan to fill. */
    void begin(BloomFilter fresh) {
        next = fresh;
    }

    /** The next filter becomes current; false if there is none (abandoned, or closed). */
    boolean swap(FilterSpec newSpec) {
        BloomFilter fresh = next;
        if (fresh == null) {
            return false;
        }
        current = fresh; // before clearing next: see the class comment
        next = null;
        spec = newSpec;
        return true;
    }

    /** Drops the next filter; the current one stays (it is still a superset). */
    void abandon() {
        next = null;
    }

    void add(byte[] key, int offset, int length) {
        BloomFilter rebuilt = next; // read before current: see the class comment
        current.add(key, offset, length);
        if (rebuilt != null) {
            rebuilt.add(key, offset, length);
        }
    }

    void addLong(long key) {
        BloomFilter rebuilt = next;
        current.addLong(key);
        if (rebuilt != null) {
            rebuilt.addLong(key);
        }
    }

    void addHash(long hash) {
        BloomFilter rebuilt = next;
        current.addHash(hash);
        if (rebuilt != null) {
            rebuilt.addHash(hash);
        }
    }
}
