package io.bloomgate.report;

import io.bloomgate.stats.GuardStatsSource;
import io.bloomgate.stats.GuardStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A time series of a gate's {@code BloomGate.stats()}: the "over time" of a report's charts.
 *
 * <pre>{@code
 * try (GateHistory history = GateHistory.every(gate, Duration.ofMillis(250))) {   // or GateHistory.manual(gate)
 *     ... the workload ...
 *     history.sample();                          // one more, now (say, at the end)
 *     Files.writeString(path, gate.report().toHtml(history));
 * }
 * }</pre>
 *
 * <p>A sample takes one {@code stats()} snapshot, which counts every filter's set bits (time
 * linear in the filters' size): keep the interval well above that. Memory stays bounded: past
 * {@link #MAX_SAMPLES} the history drops every other sample and then keeps one tick in two (then
 * four ...), so a long run keeps an even, coarser series. {@link #close()} stops the sampling and
 * keeps the samples; it does not close the gate.
 */
public final class GateHistory implements AutoCloseable {

    /** Samples kept at most (then thinned by half). */
    public static final int MAX_SAMPLES = 2_000;

    /**
     * One snapshot.
     *
     * @param elapsed time since the history started
     * @param guards  the gate's guards at that moment
     */
    public record Sample(Duration elapsed, List<GuardStats> guards) {
        /** Copies the list so the sample stays immutable. */
        public Sample {
            Objects.requireNonNull(elapsed, "elapsed");
            guards = List.copyOf(guards);
        }
    }

    private final GuardStatsSource source;
    private final long startNanos = System.nanoTime();
    private final List<Sample> samples = new ArrayList<>();
    private final ScheduledExecutorService timer;
    private final ScheduledFuture<?> task;
    private long ticks;
    private long stride = 1;

    private GateHistory(GuardStatsSource source, Duration interval) {
        this.source = source;
        sample();
        if (interval == null) {
            timer = null;
            task = null;
        } else {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "bloomgate-history");
                t.setDaemon(true); // never keeps a JVM alive
                return t;
            });
            long nanos = interval.toNanos();
            task = timer.scheduleAtFixedRate(this::tick, nanos, nanos, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * A history that samples {@code gate} now and then every {@code interval}, on a daemon thread.
     * {@code gate} is a {@code BloomGate}, or any other source of snapshots.
     */
    public static GateHistory every(GuardStatsSource gate, Duration interval) {
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive, was " + interval);
        }
        return new GateHistory(gate, interval);
    }

    /**
     * A history that samples {@code gate} now and then only when {@link #sample()} is called.
     * {@code gate} is a {@code BloomGate}, or any other source of snapshots (tests, replays).
     */
    public static GateHistory manual(GuardStatsSource gate) {
        return new GateHistory(Objects.requireNonNull(gate, "gate"), null);
    }

    /** Takes a sample now and returns it. */
    public Sample sample() {
        synchronized (samples) { // one sample at a time, so the series stays in time order
            List<GuardStats> guards = source.stats();
            Sample s = new Sample(Duration.ofNanos(System.nanoTime() - startNanos), guards);
            add(s);
            return s;
        }
    }

    /** The samples so far, oldest first. */
    public List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** Stops sampling (waiting for a sample in progress); the samples stay readable. */
    @Override
    public void close() {
        if (timer != null) {
            task.cancel(false);
            timer.shutdown();
            try {
                timer.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void tick() {
        synchronized (samples) {
            if (ticks++ % stride != 0) {
                return;
            }
        }
        try {
            sample();
        } catch (RuntimeException e) {
            // A closed gate or a failing database must not kill the timer silently mid-series:
            // skip this tick; the next one tries again.
        }
    }

    private void add(Sample s) {
        samples.add(s);
        if (samples.size() > MAX_SAMPLES) {
            // Keep the first, every second one after it, and the newest.
            List<Sample> kept = new ArrayList<>(samples.size() / 2 + 2);
            for (int i = 0; i < samples.size() - 1; i += 2) {
                kept.add(samples.get(i));
            }
            kept.add(samples.get(samples.size() - 1));
            samples.clear();
            samples.addAll(kept);
            stride *= 2;
        }
    }
}
