package io.bloomgate.spring;

import io.bloomgate.DeferredGateDataSource;
import javax.sql.DataSource;

/**
 * What the application's DataSource bean becomes: its connections pass through until the BloomGate
 * bean is built and attached (see {@link DeferredGateDataSource}).
 *
 * <p>{@link #close()} closes the pool it wraps: Spring infers a bean's destroy method from the
 * object the post-processors return, so without it the wrapped pool (Hikari's) would never be
 * closed. The gate itself is the BloomGate bean's to close, and it is destroyed first (it depends
 * on this bean).
 */
public final class GatedDataSource extends DeferredGateDataSource implements AutoCloseable {

    GatedDataSource(DataSource target) {
        super(target);
    }

    @Override
    public void close() throws Exception {
        detach();
        if (target() instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }
}
