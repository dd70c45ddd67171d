package io.bloomgate.cli;

/**
 * The crawl's URLs: URL number {@code id} is the same string for the same seed, so a run with and
 * a run without the gate look up exactly the same URLs. Ids {@code 0 .. visited-1} are in the table
 * at the start; new URLs get the ids after them. Hosts and paths are scrambled, so the table's
 * sorted order (its index) has nothing to do with the order of the ids.
 */
final class Urls {

    private static final String[] SECTIONS = {"news", "blog", "wiki", "shop", "docs", "forum", "tag", "user"};

    private final long seed;

    Urls(long seed) {
        this.seed = seed;
    }

    String url(long id) {
        long h = mix(id ^ mix(seed));
        return "https://www.site" + Long.remainderUnsigned(h, 20_000) + ".example/" + SECTIONS[(int) (h >>> 61)] + "/"
                + Long.toHexString(h >>> 16) + "-" + id;
    }

    /** SplitMix64's finalizer: a bijection, so different ids never collide before the id suffix. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
