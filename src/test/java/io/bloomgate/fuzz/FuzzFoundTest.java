package io.bloomgate.fuzz;

import org.junit.jupiter.api.Test;

/** Cases the fuzzer found, kept as they were printed: each failed once. */
class FuzzFoundTest {

    /** A replayed row on empty input: wasNull() past the end is the last value's, as the driver's. */
    @Test
    void fuzzH2Seed2Episode1Step21() throws Exception {
        Replay.on(Target.h2(), "VARCHAR")
                .query("SELECT MAX(a.v) FROM t_varchar a WHERE a.k = ?", Binding.setString("Key-2660040"))
                .assertAgrees();
    }
}
