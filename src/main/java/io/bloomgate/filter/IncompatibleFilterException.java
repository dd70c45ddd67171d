package io.bloomgate.filter;

/** Thrown when two filters cannot be merged because their layout, shape, hash function or seed differ. */
public class IncompatibleFilterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    IncompatibleFilterException(String message) {
        super(message);
    }
}
