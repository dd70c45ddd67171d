package io.bloomgate.filter;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Deterministic random keys of the shapes the gate will feed the filter, as canonical bytes.
 * Key {@code i} of a generator is a pure function of its seed and {@code i}, so "present" and
 * "absent" keys can be regenerated instead of stored.
 */
enum RandomKeys {
    LONG {
        @Override
        byte[] key(long seed, long i) {
            return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(mix(seed, i)).array();
        }
    },
    STRING {
        @Override
        byte[] key(long seed, long i) {
            SplittableRandom r = new SplittableRandom(mix(seed, i));
            int length = 8 + r.nextInt(33); // long enough that random strings do not repeat
            StringBuilder s = new StringBuilder(length);
            for (int c = 0; c < length; c++) {
                // Mostly ASCII, with some 2-, 3- and 4-byte UTF-8 characters.
                int kind = r.nextInt(20);
                s.appendCodePoint(kind < 17 ? 'a' + r.nextInt(26) : kind < 18 ? 0xE0 + r.nextInt(30)
                        : kind < 19 ? 0x4E00 + r.nextInt(2000) : 0x1F600 + r.nextInt(50));
            }
            return s.toString().getBytes(StandardCharsets.UTF_8);
        }
    },
    UUID_BYTES {
        @Override
        byte[] key(long seed, long i) {
            SplittableRandom r = new SplittableRandom(mix(seed, i));
            UUID u = new UUID(r.nextLong(), r.nextLong());
            return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
                    .putLong(u.getLeastSignificantBits()).array();
        }
    },
    DECIMAL {
        @Override
        byte[] key(long seed, long i) {
            SplittableRandom r = new SplittableRandom(mix(seed, i));
            BigDecimal d = BigDecimal.valueOf(r.nextLong(), r.nextInt(10)).stripTrailingZeros();
            byte[] unscaled = d.unscaledValue().toByteArray();
            return ByteBuffer.allocate(4 + unscaled.length).putInt(d.scale()).put(unscaled).array();
        }
    },
    BINARY {
        @Override
        byte[] key(long seed, long i) {
            SplittableRandom r = new SplittableRandom(mix(seed, i));
            byte[] bytes = new byte[r.nextInt(64)];
            r.nextBytes(bytes);
            return bytes;
        }
    };

    abstract byte[] key(long seed, long i);

    /** A value for index {@code i} that differs for every (seed, i) pair in practice (splitmix64). */
    static long mix(long seed, long i) {
        long z = seed * 0x9E3779B97F4A7C15L + i * 0xBF58476D1CE4E5B9L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
