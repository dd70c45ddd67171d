package io.bloomgate.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a failing case: delta debugging over its steps (every step but the failing one may go),
 * then the failing statement's tree node by node and its setters, then the steps again. A
 * candidate is kept when a replay in a fresh environment still fails at its last step with the same
 * kind of difference. Stops at the deadline with the smallest case found so far.
 */
final class Shrinker {

    private final Target target;
    private final long deadline;
    int trials;

    Shrinker(Target target, long deadlineNanos) {
        this.target = target;
        this.deadline = deadlineNanos;
    }

    private boolean timeLeft() {
        return System.nanoTime() < deadline;
    }

    /** Whether {@code steps} replayed fails at its last step with {@code aspect}. */
    boolean fails(List<Step> steps, String aspect) {
        trials++;
        try {
            Replay.Outcome o = Replay.run(target, Replay.typesOf(target, steps), steps, true);
            return o.index() == steps.size() - 1 && o.mismatch().aspect().equals(aspect);
        } catch (Exception | AssertionError e) {
            return false; // a candidate the environment cannot even run is no smaller case
        }
    }

    /** The smallest failing case found; {@code steps} must fail (check with {@link #fails} first). */
    List<Step> shrink(List<Step> steps, String aspect) {
        List<Step> best = steps;
        if (best.get(best.size() - 1) instanceof Step.Query q && !q.warm()) {
            // Warmed up, the failing query needs no earlier run of its text: more steps can go.
            List<Step> candidate = replaceLast(best, new Step.Query(q.select(), q.sql(), q.bindings(), q.exec(), true));
            if (fails(candidate, aspect)) {
                best = candidate;
            }
        }
        best = removeSteps(best, aspect);
        best = shrinkLast(best, aspect);
        best = removeSteps(best, aspect);
        return best;
    }

    /** ddmin over every step but the last. */
    private List<Step> removeSteps(List<Step> steps, String aspect) {
        Step last = steps.get(steps.size() - 1);
        List<Step> prefix = new ArrayList<>(steps.subList(0, steps.size() - 1));
        int n = 2;
        while (!prefix.isEmpty() && timeLeft()) {
            int chunk = Math.max(1, (prefix.size() + n - 1) / n);
            boolean reduced = false;
            for (int start = 0; start < prefix.size() && timeLeft(); start += chunk) {
                List<Step> candidate = new ArrayList<>(prefix.subList(0, start));
                candidate.addAll(prefix.subList(Math.min(prefix.size(), start + chunk), prefix.size()));
                candidate.add(last);
                if (fails(candidate, aspect)) {
                    prefix = new ArrayList<>(candidate.subList(0, candidate.size() - 1));
                    n = Math.max(n - 1, 2);
                    reduced = true;
                    break;
                }
            }
            if (!reduced) {
                if (chunk == 1) {
                    break;
                }
                n = Math.min(n * 2, prefix.size());
            }
        }
        prefix.add(last);
        return prefix;
    }

    /** Simplifies the failing query's tree and execution, one reduction at a time. */
    private List<Step> shrinkLast(List<Step> steps, String aspect) {
        if (!(steps.get(steps.size() - 1) instanceof Step.Query query) || query.select() == null) {
            return steps;
        }
        List<Step> best = steps;
        if (!query.exec().equals(Step.Exec.DEFAULT)) {
            List<Step> candidate = replaceLast(best, new Step.Query(query.select(), null, null, Step.Exec.DEFAULT,
                    query.warm()));
            if (fails(candidate, aspect)) {
                best = candidate;
            }
        }
        boolean progress = true;
        while (progress && timeLeft()) {
            progress = false;
            Step.Query q = (Step.Query) best.get(best.size() - 1);
            for (Sql.Node smaller : Sql.shrinks(q.select())) {
                if (!timeLeft()) {
                    break;
                }
                if (!(smaller instanceof Sql.Select s) || !renders(s)) {
                    continue;
                }
                List<Step> candidate = replaceLast(best, q.with(s));
                if (fails(candidate, aspect)) {
                    best = candidate;
                    progress = true;
                    break;
                }
            }
        }
        return best;
    }

    private boolean renders(Sql.Select s) {
        try {
            Sql.render(s, target);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static List<Step> replaceLast(List<Step> steps, Step last) {
        List<Step> copy = new ArrayList<>(steps.subList(0, steps.size() - 1));
        copy.add(last);
        return copy;
    }
}
