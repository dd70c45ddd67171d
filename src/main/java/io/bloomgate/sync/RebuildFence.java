package io.bloomgate.sync;

/**
 * What an {@link OnlineRebuild} needs from the gate whose connections read through the guard: the
 * two steps that keep readers of that gate safe while a filter is replaced. The gate's own is a
 * {@link GateFence}; {@link #NONE} serves rebuilds whose horizon already waits out every older
 * transaction (H2's), and guards no gate's connections depend on alone.
 */
public interface RebuildFence {

    /**
     * Returns once every write through the gate that added its keys before this call has executed:
     * such a key reached the old filter only, and once the write has executed its transaction is one
     * the rebuild's horizon covers.
     */
    void awaitWritesInFlight();

    /**
     * A rebuilt filter, which may lack keys deleted before its scan, is about to become current:
     * transactions through the gate that took their snapshot before no longer trust the filters (they
     * may still see those rows). Called right before the swap, never after it.
     */
    void filtersReplaced();

    /** Nothing to wait for, nobody to tell: for rebuilds whose horizon waits out every older transaction. */
    RebuildFence NONE = new RebuildFence() {
        @Override
        public void awaitWritesInFlight() {
        }

        @Override
        public void filtersReplaced() {
        }

        @Override
        public String toString() {
            return "no fence";
        }
    };
}
