package io.bloomgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The exported API as the compiled module descriptor declares it (docs/architecture.md section 7):
 * one type per concept, and statistics that applications cannot mutate.
 */
class ApiSurfaceTest {

    /** Public top-level types of each package the module exports to everyone. */
    private static Map<String, List<Class<?>>> exported;

    @BeforeAll
    static void readModule() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(BloomGate.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ModuleReference module = ModuleFinder.of(classes).find("io.bloomgate")
                .orElseThrow(() -> new AssertionError("no module io.bloomgate in " + classes));
        Set<String> packages = module.descriptor().exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        exported = new TreeMap<>();
        try (ModuleReader reader = module.open()) {
            for (String resource : reader.list().collect(Collectors.toList())) {
                if (!resource.endsWith(".class") || resource.contains("$") || resource.endsWith("-info.class")) {
                    continue;
                }
                String name = resource.substring(0, resource.length() - ".class".length()).replace('/', '.');
                String pkg = name.substring(0, name.lastIndexOf('.'));
                if (!packages.contains(pkg)) {
                    continue;
                }
                Class<?> type = Class.forName(name, false, ApiSurfaceTest.class.getClassLoader());
                if (Modifier.isPublic(type.getModifiers())) {
                    exported.computeIfAbsent(pkg, p -> new ArrayList<>()).add(type);
                }
            }
        }
        assertThat(exported).as("exported packages found").containsKeys("io.bloomgate", "io.bloomgate.stats");
    }

    @Test
    void noTwoExportedTypesShareASimpleName() {
        // Two public types of one name in two exported packages make every application that imports
        // both ambiguous, and an IDE offers both (issue 23: GuardStats, GuardState, BypassReason).
        Map<String, List<String>> byName = new TreeMap<>();
        exported.values().forEach(types -> types.forEach(
                t -> byName.computeIfAbsent(t.getSimpleName(), n -> new ArrayList<>()).add(t.getName())));
        assertThat(byName.entrySet()).filteredOn(e -> e.getValue().size() > 1).isEmpty();
    }

    @Test
    void theStatisticsPackageHoldsValuesAndTheSourceInterfaceOnly() {
        // Snapshots are records, states and reasons enums, GuardStatsSource an interface; the mutable
        // counters a guard bumps stay internal (io.bloomgate.sync.GuardCounters).
        assertThat(exported.get("io.bloomgate.stats"))
                .isNotEmpty()
                .allSatisfy(t -> assertThat(t.isRecord() || t.isEnum() || t.isInterface())
                        .as("%s is a record, an enum or an interface", t.getName()).isTrue());
    }
}
