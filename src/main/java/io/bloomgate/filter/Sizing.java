package io.bloomgate.filter;

/**
 * The arithmetic of Bloom filters: how many bits and hash functions a target false-positive rate
 * needs, and what rate a given shape delivers.
 *
 * <p>For {@code n} keys in {@code m} bits with {@code k} hash functions, a standard Bloom filter
 * answers "maybe" for an absent key with probability {@code (1 - e^(-kn/m))^k}. That is smallest
 * at {@code k = (m/n) ln 2}, which gives {@code m = -n ln p / (ln 2)^2} bits for a target rate
 * {@code p} (Bloom 1970; the derivation the project's seed documents walk through).
 *
 * <p>The default layout is <em>blocked</em> (Putze, Sanders, Singler 2007): every key's bits fall
 * in one 512-bit block, so a lookup touches one cache line. Blocks receive a Poisson-distributed
 * number of keys, and the fuller blocks dominate the error, so at equal bits the blocked rate is
 * higher. {@link #blockedFpp} evaluates that exactly and {@link #blocked} sizes the filter so that
 * the blocked rate, not the standard one, meets the target (with a {@link #DESIGN_MARGIN}). The
 * price, in bits per key over the optimal standard filter: +4.3% at p = 1%, +8.8% at 0.1%,
 * +15.5% at 0.01%.
 */
public final class Sizing {

    /** Bits in one cache-line block of the blocked layout (64 bytes). */
    public static final int BLOCK_BITS = 512;

    /** Bits in one {@code long} word. */
    static final int WORD_BITS = 64;

    /** Words per block. */
    static final int BLOCK_WORDS = BLOCK_BITS / WORD_BITS;

    /**
     * The largest bit count a filter can hold: the longest {@code long[]} a JVM allocates
     * ({@code Integer.MAX_VALUE - 8} elements, the usual VM header reserve), rounded down to whole
     * blocks. About 1.37e11 bits (16 GiB).
     */
    public static final long MAX_BITS = ((Integer.MAX_VALUE - 8L) / BLOCK_WORDS) * BLOCK_BITS;

    /** The most hash functions any layout uses. */
    public static final int MAX_HASHES = 32;

    /**
     * Blocked filters are sized for this fraction of the target rate. A measured rate scatters around
     * its expectation (at p = 1% and a million probes, by about 1% of p), so sizing for exactly p
     * would let half of all measurements exceed it; 3% headroom costs 0.04 bits per key.
     */
    public static final double DESIGN_MARGIN = 0.97;

    /**
     * The smallest false-positive rate {@link #blocked} sizes for sure (it reaches about 5e-15). With at
     * most {@link #MAX_HASHES} hashes in a 512-bit block, lower rates need more bits per key than the
     * search allows (4 times the standard filter's), which no one wants from a filter: 255 bits per
     * key here already.
     */
    public static final double MIN_BLOCKED_FPP = 1e-14;

    private static final double LN2 = Math.log(2);
    private static final double LN2_SQUARED = LN2 * LN2;

    private Sizing() {
    }

    /**
     * Bits an optimal standard Bloom filter needs for {@code n} keys at rate {@code p}:
     * {@code ceil(-n ln p / (ln 2)^2)}.
     *
     * @throws IllegalArgumentException if {@code n < 1} or {@code p} is not in (0, 1)
     */
    public static long standardBits(long n, double p) {
        checkKeysAndRate(n, p);
        return (long) Math.ceil(-n * Math.log(p) / LN2_SQUARED);
    }

    /** The best hash count for {@code m} bits and {@code n} keys, {@code round((m/n) ln 2)}, at least 1. */
    public static int optimalHashes(long m, long n) {
        checkPositive("bits", m);
        checkPositive("expected keys", n);
        long k = Math.round((double) m / n * LN2);
        return (int) Math.max(1, Math.min(MAX_HASHES, k));
    }

    /** The standard filter's false-positive rate with {@code n} keys in {@code m} bits and {@code k} hashes. */
    public static double standardFpp(long m, long n, int k) {
        checkPositive("bits", m);
        if (n <= 0) {
            return 0;
        }
        return Math.pow(-Math.expm1(-(double) k * n / m), k);
    }

    /**
     * The blocked filter's expected false-positive rate with {@code n} keys in {@code m} bits (whole
     * 512-bit blocks) and {@code k} positions per key inside its block.
     *
     * <p>A block receives {@code i ~ Poisson(n·512/m)} keys, i.e. {@code i·k} uniformly random probes.
     * An absent key mapped to that block is a false positive when its own {@code k} probes all hit set
     * bits, which happens with probability {@code E[(X/512)^k]}, {@code X} being the number of distinct
     * bits those {@code i·k} probes set. Putze et al. approximate that by {@code (E[X]/512)^k}; by
     * Jensen's inequality that underestimates, and with blocks as small as 512 bits the difference is
     * visible (at 9.9 bits per key and k = 6: 0.996% by the approximation, 1.009% exactly and as
     * measured). So {@code X}'s distribution is computed exactly, by dynamic programming over probes.
     */
    public static double blockedFpp(long m, long n, int k) {
        checkPositive("bits", m);
        if (n <= 0) {
            return 0;
        }
        double lambda = (double) n * BLOCK_BITS / m;
        return blockedFppAtLoad(lambda, blockRates(k, lastLoad(lambda)));
    }

    /** Blocked rate when blocks hold {@code lambda} keys on average, given {@link #blockRates}. */
    static double blockedFppAtLoad(double lambda, double[] rates) {
        int last = Math.min(lastLoad(lambda), rates.length - 1);
        double logLambda = Math.log(lambda);
        double logPmf = -lambda; // ln Poisson(0; lambda)
        double sum = 0;
        for (int i = 0; i <= last; i++) {
            if (i > 0) {
                logPmf += logLambda - Math.log(i);
            }
            sum += Math.exp(logPmf) * rates[i];
        }
        return sum;
    }

    /** Block loads beyond this have negligible Poisson weight (more than 12 standard deviations out). */
    private static int lastLoad(double lambda) {
        return (int) Math.ceil(lambda + 12 * Math.sqrt(lambda) + 60);
    }

    /**
     * {@code rates[i]}: the chance that an absent key's {@code k} probes all hit set bits in a block
     * holding {@code i} keys, {@code E[(X/512)^k]} after {@code i·k} probes.
     */
    static double[] blockRates(int k, int lastLoad) {
        double[] power = new double[BLOCK_BITS + 1]; // (x/512)^k
        for (int x = 0; x <= BLOCK_BITS; x++) {
            power[x] = Math.pow((double) x / BLOCK_BITS, k);
        }
        double[] dist = new double[BLOCK_BITS + 1]; // P(X = x) after the probes so far
        double[] next = new double[BLOCK_BITS + 1];
        dist[0] = 1;
        int highest = 0; // X cannot exceed the number of probes made
        double[] rates = new double[lastLoad + 1];
        for (int i = 0; i <= lastLoad; i++) {
            double rate = 0;
            for (int x = 0; x <= highest; x++) {
                rate += dist[x] * power[x];
            }
            rates[i] = rate;
            for (int probe = 0; probe < k; probe++) {
                // A probe hits one of the x set bits (X stays) or one of the 512 - x clear ones (X + 1).
                java.util.Arrays.fill(next, 0, Math.min(highest + 2, BLOCK_BITS + 1), 0);
                for (int x = 0; x <= highest; x++) {
                    double p = dist[x];
                    next[x] += p * x / BLOCK_BITS;
                    if (x < BLOCK_BITS) {
                        next[x + 1] += p * (BLOCK_BITS - x) / BLOCK_BITS;
                    }
                }
                highest = Math.min(highest + 1, BLOCK_BITS);
                double[] swap = dist;
                dist = next;
                next = swap;
            }
        }
        return rates;
    }

    /**
     * The smallest blocked shape (bits in whole blocks, and the hash count that needs fewest bits)
     * whose {@link #blockedFpp} for {@code n} keys is at most {@link #DESIGN_MARGIN}{@code ·p}.
     *
     * @throws IllegalArgumentException if the inputs are invalid or the filter would exceed {@link #MAX_BITS}
     */
    public static FilterShape blocked(long n, double p) {
        checkKeysAndRate(n, p);
        double target = p * DESIGN_MARGIN;
        double standard = -Math.log(target) / LN2_SQUARED; // bits per key: a lower bound for blocking
        int standardK = (int) Math.max(1, Math.round(standard * LN2));
        double bestBitsPerKey = Double.MAX_VALUE;
        int bestK = standardK;
        // Blocking favours slightly fewer hashes than the standard optimum; search around it. Below
        // about 1e-11 the optimum passes MAX_HASHES: the search then still tries MAX_HASHES (more bits
        // per key make up for fewer hashes) rather than nothing.
        int fromK = Math.min(MAX_HASHES, Math.max(1, standardK - 5));
        for (int k = fromK; k <= Math.min(MAX_HASHES, Math.max(fromK, standardK + 1)); k++) {
            double bitsPerKey = blockedBitsPerKey(k, standard, target);
            if (bitsPerKey < bestBitsPerKey) {
                bestBitsPerKey = bitsPerKey;
                bestK = k;
            }
        }
        if (bestBitsPerKey == Double.MAX_VALUE) {
            throw new IllegalArgumentException(String.format(
                    "false-positive rate %s is below what a blocked filter reaches (at most %d hash functions in"
                            + " %d-bit blocks: rates down to about %s); raise the rate", p, MAX_HASHES, BLOCK_BITS,
                    MIN_BLOCKED_FPP));
        }
        return new FilterShape(roundUpToBlocks(Math.ceil(bestBitsPerKey * n), n, p), bestK);
    }

    /** The fewest bits per key at which {@code k} hashes reach {@code target}, by bisection. */
    private static double blockedBitsPerKey(int k, double low, double target) {
        double high = low * 4;
        // The rates table covers loads up to that of the densest filter tried, 512 / low.
        double[] rates = blockRates(k, lastLoad(BLOCK_BITS / low));
        if (blockedFppAtLoad(BLOCK_BITS / high, rates) > target) {
            return Double.MAX_VALUE; // k is far too small for this target
        }
        for (int i = 0; i < 50; i++) {
            double mid = (low + high) / 2;
            if (blockedFppAtLoad(BLOCK_BITS / mid, rates) > target) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return high;
    }

    /**
     * The shape of a standard (unblocked) filter: {@link #standardBits} for {@link #DESIGN_MARGIN}{@code ·p}
     * rounded up to whole words, and {@link #optimalHashes}. The counting variant uses it, with one 4-bit counter per bit.
     */
    public static FilterShape standard(long n, double p) {
        checkKeysAndRate(n, p);
        long bits = standardBits(n, p * DESIGN_MARGIN);
        bits = Math.max(WORD_BITS, (bits + WORD_BITS - 1) / WORD_BITS * WORD_BITS);
        if (bits > MAX_BITS) {
            throw tooLarge(n, p, bits);
        }
        return new FilterShape(bits, optimalHashes(bits, n));
    }

    private static long roundUpToBlocks(double bits, long n, double p) {
        if (bits > MAX_BITS) {
            throw tooLarge(n, p, bits);
        }
        long blocks = Math.max(1, ((long) bits + BLOCK_BITS - 1) / BLOCK_BITS);
        return blocks * BLOCK_BITS;
    }

    private static IllegalArgumentException tooLarge(long n, double p, double bits) {
        return new IllegalArgumentException(String.format(
                "a filter for %d keys at false-positive rate %s needs %.0f bits, more than the %d a Java"
                        + " long[] can hold (16 GiB); lower the expected key count or raise the rate", n, p, bits,
                MAX_BITS));
    }

    static void checkKeysAndRate(long n, double p) {
        if (n < 1) {
            throw new IllegalArgumentException("expected keys must be at least 1, was " + n);
        }
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException(
                    "false-positive rate must be strictly between 0 and 1 (e.g. 0.01 for 1%), was " + p);
        }
    }

    private static void checkPositive(String what, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be at least 1, was " + value);
        }
    }
}
