package io.bloomgate.postgres;

/** Log rows a guard still needed were pruned (its instance was gone too long): it must rebuild by scan. */
final class LogPrunedException extends Exception {

    LogPrunedException(String message) {
        super(message);
    }
}
