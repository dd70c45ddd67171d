package io.bloomgate.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints a {@link BloomGateStartupException} as Spring Boot prints its own start-up failures. */
final class BloomGateFailureAnalyzer extends AbstractFailureAnalyzer<BloomGateStartupException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, BloomGateStartupException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
