package io.bloomgate.cli;

import io.bloomgate.filter.Sizing;
import java.math.BigDecimal;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The numeric options' converters. Each knows its option's allowed range, so a value that is out of
 * range, or too large for the Java type that holds it (an overflow would otherwise surface later, as
 * {@code integer overflow} at run time), is a usage error that gives the value and the range:
 * picocli prints {@code Invalid value for option '--urls': '99999999999999' is out of range: it must
 * be between 1,000 and ...}. Limits that depend on this JVM (its heap) are checked with the other options, in
 * {@link WorkloadOptions#workload}.
 */
final class Numbers {

    /** Most URLs the demo can generate: they are sorted in one Java array (the VM's longest). */
    static final long MAX_URLS = Integer.MAX_VALUE - 8L;
    /** Discovered URLs: far beyond any crawl that ends; the filter's size bounds it in practice. */
    static final long MAX_CHECKS = 1_000_000_000_000L;
    static final long MAX_BATCH = 1_000_000;
    static final long MIN_CACHE_KB = 256;

    private Numbers() {
    }

    /**
     * A whole number as people write it: {@code 2000000}, {@code 2_000_000}, {@code 2,000,000} or
     * {@code 2e6}; within [{@code min}, {@code max}].
     */
    static long whole(String value, long min, long max, String why) {
        BigDecimal parsed = parse(value);
        BigDecimal integral = parsed == null ? null : parsed.stripTrailingZeros();
        if (integral == null || integral.scale() > 0) {
            throw new TypeConversionException("'" + value + "' is not a whole number (write e.g. 2000000, 2_000_000,"
                    + " 2,000,000 or 2e6)");
        }
        if (integral.compareTo(BigDecimal.valueOf(min)) < 0 || integral.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new TypeConversionException(String.format(Locale.ROOT,
                    "'%s' is out of range: it must be between %,d and %,d%s", value, min, max, why));
        }
        return integral.longValueExact();
    }

    /** A decimal number in the open or closed interval given; NaN and infinities are never in it. */
    static double fraction(String value, double min, boolean minIncluded, double max, boolean maxIncluded,
            String range) {
        BigDecimal parsed = parse(value);
        if (parsed == null) {
            throw new TypeConversionException("'" + value + "' is not a number (write e.g. 0.01 or 1e-3); it must be "
                    + range);
        }
        double d = parsed.doubleValue();
        boolean above = minIncluded ? d >= min : d > min;
        boolean below = maxIncluded ? d <= max : d < max;
        if (!above || !below) {
            throw new TypeConversionException("'" + value + "' is out of range: it must be " + range);
        }
        return d;
    }

    /**
     * BigDecimal accepts neither NaN nor infinities nor hexadecimal, unlike {@link Double#parseDouble};
     * and it does not overflow, so an out-of-range value is reported as such, not as unparsable.
     */
    private static BigDecimal parse(String value) {
        String plain = value.strip().replace("_", "").replace(",", "");
        try {
            return new BigDecimal(plain);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code --urls}. */
    static final class UrlCount implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return whole(value, 1_000, MAX_URLS, " (the URLs are generated and sorted in one Java array)");
        }
    }

    /** {@code --checks}. */
    static final class CheckCount implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return whole(value, 1, MAX_CHECKS, "");
        }
    }

    /** {@code --batch}. */
    static final class BatchSize implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return whole(value, 1, MAX_BATCH, "");
        }
    }

    /** {@code --cache-kb}: H2's {@code CACHE_SIZE} is an int. */
    static final class CacheKb implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, MIN_CACHE_KB, Integer.MAX_VALUE, " (H2's CACHE_SIZE, KiB)");
        }
    }

    /** {@code --seed}: any long. */
    static final class Seed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return whole(value, Long.MIN_VALUE, Long.MAX_VALUE, " (a Java long)");
        }
    }

    /** {@code --seen}. */
    static final class SeenFraction implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return fraction(value, 0, true, 1, true, "between 0 and 1 (e.g. 0.1 for 10%)");
        }
    }

    /**
     * {@code --fpp}: below 0.5 (a filter that says "maybe" to half of all absent keys saves little),
     * and no lower than the rates a blocked filter reaches. Whether a filter of this rate fits is
     * checked with {@code --urls} and {@code --checks}.
     */
    static final class Fpp implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return fraction(value, Sizing.MIN_BLOCKED_FPP, true, 0.5, false, "at least " + Sizing.MIN_BLOCKED_FPP
                    + " and below 0.5 (e.g. 0.01 for 1%)");
        }
    }
}
