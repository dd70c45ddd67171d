package io.bloomgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bloomgate.BloomGate;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Micrometer is an optional dependency: no class but BloomGateMetrics refers to it, and a gate
 * built, used, reported on and registered over JMX with Micrometer absent from the class path works.
 */
class WithoutMicrometerTest {

    private static final byte[] MICROMETER = "io/micrometer/".getBytes(StandardCharsets.US_ASCII);

    @Test
    void noClassButBloomGateMetricsRefersToMicrometer() throws Exception {
        Path classes = Path.of(BloomGate.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> referring = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                if (contains(Files.readAllBytes(file), MICROMETER)) {
                    referring.add(classes.relativize(file).toString().replace(File.separatorChar, '/'));
                }
            }
        }
        assertThat(referring).contains("io/bloomgate/report/BloomGateMetrics.class")
                .allMatch(c -> c.matches("io/bloomgate/report/BloomGateMetrics(\\$\\w+)?\\.class"),
                        "BloomGateMetrics or a class nested in it");
    }

    @Test
    void aGateWorksWithoutMicrometerOnTheClassPath() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(classPathWithoutMicrometer(),
                ClassLoader.getPlatformClassLoader())) {
            assertThatThrownBy(() -> Class.forName("io.micrometer.core.instrument.MeterRegistry", false, loader))
                    .as("Micrometer is hidden").isInstanceOf(ClassNotFoundException.class);
            assertThatThrownBy(() -> Class.forName(BloomGateMetrics.class.getName(), true, loader))
                    .as("so the binder cannot load").isInstanceOf(NoClassDefFoundError.class);

            Class<?> scenario = Class.forName(WithoutMicrometerScenario.class.getName(), true, loader);
            assertThat(scenario.getClassLoader()).isSameAs(loader);
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            String seen;
            try {
                seen = (String) scenario.getMethod("run").invoke(null);
            } finally {
                thread.setContextClassLoader(previous);
            }

            assertThat(seen).contains("lookups=23", "truePositives=3", "jmxState=READY", "jmxLookups=23",
                    "report=3 lines");
        }
    }

    /** The test class path (target/classes, target/test-classes, every dependency) but Micrometer's jars. */
    private static URL[] classPathWithoutMicrometer() throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isEmpty() && !entry.contains("micrometer")) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        assertThat(urls).as("the class path holds bloomgate's classes: " + classPath)
                .anyMatch(u -> u.getPath().endsWith("/classes/"));
        return urls.toArray(URL[]::new);
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
