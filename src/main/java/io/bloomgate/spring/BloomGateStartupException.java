package io.bloomgate.spring;

/**
 * The BloomGate bean could not be built once the database was initialized: a guarded table or
 * column does not exist, a key type cannot be guarded, the DataSource to guard is ambiguous. The
 * application does not start (a typo in {@code bloomgate.guards} must not pass for a working gate);
 * Spring Boot prints the message and what to do.
 */
public class BloomGateStartupException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String action;

    BloomGateStartupException(String message, String action, Throwable cause) {
        super(message, cause);
        this.action = action;
    }

    /** What to do about it. */
    public String action() {
        return action;
    }
}
