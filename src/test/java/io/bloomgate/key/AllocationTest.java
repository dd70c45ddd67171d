package io.bloomgate.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The hot path allocates nothing for the common inputs once the buffer has grown (KeyForm's
 * contract): measured with the JVM's per-thread allocation counter where it has one.
 */
class AllocationTest {

    private static final int ROUNDS = 20_000;

    @Test
    void commonInputsAllocateNothing() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no allocation counter on this JVM");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());

        KeyForm[] forms = {KeyForms.bigint(), KeyForms.bigint(), KeyForms.bigint(), KeyForms.decimal(-1),
            KeyForms.decimal(-1), KeyForms.decimal(-1), KeyForms.varchar(0), KeyForms.paddedChar(20), KeyForms.uuid(),
            KeyForms.uuid(), KeyForms.binary()};
        Object[] values = {Long.valueOf(123456789L), Integer.valueOf(42), "-000042", Long.valueOf(4200),
            Integer.valueOf(-7), "-12345.678900", "user@example.com \u00e9\uD83D\uDE00", "ab   ",
            UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), "123E4567-E89B-12D3-A456-426614174000",
            new byte[] {1, 2, 3}};
        KeyBuffer out = new KeyBuffer();
        long sink = run(forms, values, out); // warm up and grow the buffer

        long before = threads.getCurrentThreadAllocatedBytes();
        sink += run(forms, values, out);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(sink).isNotZero();
        // A little slack for the counter's own bookkeeping; any per-call allocation would be ~MBs.
        assertThat(allocated).as("bytes allocated in %d canonicalisations", ROUNDS * forms.length)
                .isLessThan(4096);
    }

    /** A string literal read in place from SQL text (a string-built lookup, issue 24): no substring. */
    @Test
    void stringsReadFromTextAllocateNothing() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no allocation counter on this JVM");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());

        String text = "SELECT v FROM t WHERE k = 'user@example.com \u00e9\uD83D\uDE00   '";
        int from = text.indexOf('\'') + 1;
        int to = text.length() - 1;
        KeyForm[] forms = {KeyForms.varchar(0), KeyForms.varchar(40), KeyForms.paddedChar(40)};
        KeyBuffer out = new KeyBuffer();
        long sink = 0;
        for (int round = 0; round < 2; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int r = 0; r < ROUNDS; r++) {
                for (KeyForm form : forms) {
                    if (form.canonicalizeString(text, from, to, out) == Canonical.EXACT) {
                        sink += out.length();
                    }
                }
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            if (round == 1) { // the first round warmed up and grew the buffer
                assertThat(allocated).as("bytes allocated in %d canonicalisations", ROUNDS * forms.length)
                        .isLessThan(4096);
            }
        }
        assertThat(sink).isNotZero();
    }

    private static long run(KeyForm[] forms, Object[] values, KeyBuffer out) {
        long sink = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < forms.length; i++) {
                if (forms[i].canonicalize(values[i], out) == Canonical.EXACT) {
                    sink += out.length();
                }
            }
        }
        return sink;
    }
}
