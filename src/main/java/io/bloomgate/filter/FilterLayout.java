package io.bloomgate.filter;

/** How a filter lays out its bits; part of the serialized format (the ids are stable). */
public enum FilterLayout {
    /** One 512-bit (cache-line) block per key: one cache miss per lookup. The default. */
    BLOCKED(1),
    /** 4-bit saturating counters instead of bits, so keys can be removed. */
    COUNTING(2),
    /** A chain of blocked filters, each larger and stricter, for key sets that outgrow their estimate. */
    SCALABLE(3);

    private final int id;

    FilterLayout(int id) {
        this.id = id;
    }

    int id() {
        return id;
    }

    static FilterLayout ofId(int id) {
        for (FilterLayout layout : values()) {
            if (layout.id == id) {
                return layout;
            }
        }
        return null;
    }
}
