package io.bloomgate.fuzz;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints a failing case: what differed, and the steps as a JUnit test that replays them. */
final class CasePrinter {

    private CasePrinter() {
    }

    /**
     * @param where    seed, episode and step, for the heading and the test's name
     * @param original how many steps the episode had run when it failed
     * @param shrunk   whether {@code steps} is the shrunk case (else: the episode as run)
     */
    static String print(Target target, String where, String rerun, int original, List<Step> steps,
            Runner.Mismatch m, boolean shrunk) {
        StringBuilder sb = new StringBuilder();
        sb.append("--- ").append(m.aspect()).append(" (").append(target.name()).append(", ").append(where)
                .append("; ").append(shrunk ? "shrunk from " + original + " steps to " + steps.size()
                        : original + " steps, not shrunk").append(")\n");
        sb.append("  statement: ").append(m.sql().replace("\n", "\\n")).append('\n');
        if (steps.get(steps.size() - 1) instanceof Step.Query q) {
            List<Binding> bindings = q.render(target).bindings();
            if (!bindings.isEmpty()) {
                sb.append("  setters:   ").append(bindings.stream().map(Binding::toString)
                        .collect(Collectors.joining(", "))).append('\n');
            }
        }
        sb.append("  database:  ").append(m.database()).append('\n');
        sb.append("  gate:      ").append(m.gate()).append(m.answered() ? "  (answered from the filter)" : "")
                .append('\n');
        String name = (target.name() + " " + where).replaceAll("[^A-Za-z0-9]+", " ").trim();
        StringBuilder method = new StringBuilder("fuzz");
        for (String word : name.split(" ")) {
            method.append(word.substring(0, 1).toUpperCase(Locale.ROOT)).append(word.substring(1));
        }
        sb.append("  as a test (paste into a class in package io.bloomgate.fuzz):\n\n");
        sb.append("    @Test\n    void ").append(method).append("() throws Exception {\n");
        sb.append("        Replay.on(Target.").append(target instanceof MariaDbTarget maria ? maria.java()
                : target instanceof H2Target h2 ? h2.java() : "postgres()");
        for (KeyType t : Replay.typesOf(target, steps)) {
            sb.append(", ").append(Binding.javaString(t.name()));
        }
        sb.append(")\n");
        for (Step s : steps) {
            String line = s instanceof Step.Query q ? q.java(target) : s.java();
            sb.append("                ").append(line).append('\n');
        }
        sb.append("                .assertAgrees();\n    }\n\n");
        sb.append("  the whole run: ").append(rerun).append('\n');
        return sb.toString();
    }
}
