package io.bloomgate.filter;

import java.io.IOException;

/**
 * Thrown when serialized filter bytes cannot be read back: not a filter, a format version or hash
 * function this build does not know, a header with impossible values, a truncated stream, or a
 * checksum mismatch. Nothing is ever loaded from such a stream; rebuild the filter from its source.
 */
public class FilterFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    public FilterFormatException(String message) {
        super(message);
    }

    public FilterFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
