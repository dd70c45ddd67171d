package io.bloomgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bloomgate.BloomGate;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Applications without Spring get none of it: Spring and Spring Boot are optional (or test)
 * dependencies, and only io.bloomgate.spring refers to them, so the gate, the URL driver and the CLI
 * load without them.
 */
class WithoutSpringTest {

    private static final byte[] SPRING = "org/springframework/".getBytes(StandardCharsets.US_ASCII);

    @Test
    void onlyTheSpringPackageRefersToSpring() throws Exception {
        Path classes = Path.of(BloomGate.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> referring = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                if (contains(Files.readAllBytes(file), SPRING)) {
                    referring.add(classes.relativize(file).toString().replace(File.separatorChar, '/'));
                }
            }
        }
        assertThat(referring).contains("io/bloomgate/spring/BloomGateAutoConfiguration.class")
                .allMatch(c -> c.startsWith("io/bloomgate/spring/"), "a class of io.bloomgate.spring");
    }

    @Test
    void springDependenciesAreOptionalOrForTestsOnly() throws Exception {
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile()).getDocumentElement();
        Element dependencies = (Element) project.getElementsByTagName("dependencies").item(0);
        NodeList list = dependencies.getElementsByTagName("dependency");
        int spring = 0;
        for (int i = 0; i < list.getLength(); i++) {
            Element d = (Element) list.item(i);
            String group = text(d, "groupId");
            if (group.startsWith("org.springframework")) {
                spring++;
                assertThat(text(d, "optional").equals("true") || text(d, "scope").equals("test"))
                        .as(group + ":" + text(d, "artifactId") + " must be optional or test-scoped").isTrue();
            }
        }
        assertThat(spring).isPositive();
    }

    private static String text(Element e, String tag) {
        NodeList n = e.getElementsByTagName(tag);
        return n.getLength() == 0 ? "" : n.item(0).getTextContent().trim();
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
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
