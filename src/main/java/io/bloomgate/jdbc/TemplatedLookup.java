package io.bloomgate.jdbc;

import io.bloomgate.key.Canonical;
import io.bloomgate.key.KeyBuffer;
import io.bloomgate.sql.ShapeTemplate;
import io.bloomgate.sql.StatementShape;
import io.bloomgate.sync.Guard;
import io.bloomgate.sync.KeyFunnel;

/**
 * A template of string-built texts ({@link ShapeTemplate}) and the plan of its shape's abstracted
 * text, a lookup. A text the template reads has that shape with its own literals, so its plan is
 * {@link CachedPlan.Lookup#instantiate} of the shape's plan with them ({@link GateContext#plan}).
 *
 * <p>Why a second way: instantiating built, per call, the shape with its literal values, the keys'
 * canonical bytes and a plan object, and those allocations and copies were about half of the gate's
 * call for a text built per call (docs/benchmarks.md, issue 24). When {@link #decidesFromText} holds,
 * the shape's plan with its parameters read as the text's literals <em>is</em> that instantiated
 * plan: every parameter of the shape stands for a literal of the text, and each is a key (none is a
 * LIMIT or compared with another column, which instantiating checks as a literal) without a cast or
 * an array around it. Then the lookup is decided from the shape's plan, with each such key's
 * canonical bytes read from the text in place ({@link #canonicalKey}: what {@link
 * CachedPlan.Key#literal} computes from the literal's value), and nothing is built unless the text
 * must run on the database (then it takes the ordinary path).
 */
final class TemplatedLookup {

    final ShapeTemplate text;
    /** The plan of the shape's abstracted text. */
    final CachedPlan.Lookup plan;
    /** See the class comment. */
    final boolean decidesFromText;

    TemplatedLookup(ShapeTemplate text, CachedPlan.Lookup plan) {
        this.text = text;
        this.plan = plan;
        this.decidesFromText = decidesFromText(text.shape(), plan);
    }

    private static boolean decidesFromText(StatementShape shape, CachedPlan.Lookup plan) {
        for (int source : shape.sources()) {
            if (source != 0) {
                return false; // the text has parameters of its own
            }
        }
        if (plan.limitParameters.length != 0 || plan.otherParameters.length != 0) {
            return false;
        }
        for (CachedPlan.Key key : plan.keys) {
            if (!key.isLiteral() && (key.array() || key.cast() != null || key.parameter() > shape.sources().length)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The canonical form of the key that the shape plan's parameter {@code parameter} stands for in
     * {@code sql}, read by {@link ShapeTemplate#read} into {@code spans}, written to {@code out} when
     * EXACT: exactly {@link CachedPlan.Key#literal} of the value {@link StatementShape#of} reads
     * (every parameter is a literal of the text here, so literal {@code parameter - 1}). A string
     * without doubled quotes and an integer of up to 18 digits are read in place; other literals
     * through their value.
     */
    Canonical canonicalKey(String sql, int[] spans, int parameter, Guard guard, KeyBuffer out) {
        int i = parameter - 1;
        if (text.string(i)) {
            if (ShapeTemplate.undoubled(sql, spans, i)) {
                return KeyFunnel.canonicalString(guard, sql, spans[2 * i] + 1, spans[2 * i + 1] - 1, out);
            }
        } else {
            long value = ShapeTemplate.smallInteger(sql, spans, i);
            if (value >= 0) {
                return KeyFunnel.canonicalLong(guard, value, out);
            }
        }
        return KeyFunnel.canonical(guard, text.literal(sql, spans, i), out);
    }
}
