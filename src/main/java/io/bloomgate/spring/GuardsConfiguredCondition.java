package io.bloomgate.spring;

import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when at least one {@code bloomgate.guards[n]} is configured. Without guards there is
 * nothing to gate: the auto-configuration backs off rather than fail an application that merely has
 * bloomgate on its class path.
 */
final class GuardsConfiguredCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConditionMessage.Builder message = ConditionMessage.forCondition("bloomgate guards");
        List<BloomGateProperties.Guard> guards = Binder.get(context.getEnvironment())
                .bind("bloomgate.guards", Bindable.listOf(BloomGateProperties.Guard.class)).orElse(List.of());
        return guards.isEmpty()
                ? ConditionOutcome.noMatch(message.didNotFind("property").items("bloomgate.guards[0].table"))
                : ConditionOutcome.match(message.found("guard", "guards").items(guards));
    }
}
