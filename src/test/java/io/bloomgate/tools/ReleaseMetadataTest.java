package io.bloomgate.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * What Maven Central requires of a release is in the build: the license (file and POM), the
 * project's url, description, developers and scm, and sources and Javadoc jars built by
 * {@code mvn verify}. Whether the Javadoc itself builds, {@code mvn verify} checks.
 */
class ReleaseMetadataTest {

    private static Document pom;
    private static XPath xpath;

    @BeforeAll
    static void readPom() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        pom = factory.newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        xpath = XPathFactory.newInstance().newXPath();
    }

    private static String text(String path) throws Exception {
        return ((String) xpath.evaluate(path, pom, XPathConstants.STRING)).strip();
    }

    private static List<String> texts(String path) throws Exception {
        NodeList nodes = (NodeList) xpath.evaluate(path, pom, XPathConstants.NODESET);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent().strip());
        }
        return out;
    }

    @Test
    void thePomCarriesTheMetadataMavenCentralRequires() throws Exception {
        assertThat(text("/project/name")).isNotEmpty();
        assertThat(text("/project/description")).isNotEmpty();
        assertThat(text("/project/url")).isEqualTo("https://github.com/bloomgate/bloomgate");
        assertThat(text("/project/licenses/license/name")).isEqualTo("Apache License, Version 2.0");
        assertThat(text("/project/licenses/license/url")).isEqualTo("https://www.apache.org/licenses/LICENSE-2.0.txt");
        assertThat(text("/project/developers/developer/name")).isNotEmpty();
        assertThat(text("/project/scm/url")).isEqualTo("https://github.com/bloomgate/bloomgate");
        assertThat(text("/project/scm/connection")).startsWith("scm:git:");
        assertThat(text("/project/scm/developerConnection")).startsWith("scm:git:");
    }

    @Test
    void theLicenseFileIsTheApacheLicenseInFull() throws Exception {
        String license = Files.readString(Path.of("LICENSE"));
        assertThat(license).contains("Apache License", "Version 2.0, January 2004",
                "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
                "9. Accepting Warranty or Additional Liability.", "END OF TERMS AND CONDITIONS",
                "APPENDIX: How to apply the Apache License to your work.");
    }

    @Test
    void verifyBuildsTheSourcesAndJavadocJarsWithPinnedPlugins() throws Exception {
        String plugins = "/project/build/plugins/plugin";
        assertThat(texts(plugins + "[artifactId='maven-source-plugin']/executions/execution/goals/goal"))
                .containsExactly("jar-no-fork");
        assertThat(texts(plugins + "[artifactId='maven-javadoc-plugin']/executions/execution/goals/goal"))
                .containsExactly("jar");
        for (String plugin : List.of("maven-source-plugin", "maven-javadoc-plugin")) {
            String version = text(plugins + "[artifactId='" + plugin + "']/version");
            if (version.startsWith("${")) {
                version = text("/project/properties/" + version.substring(2, version.length() - 1));
            }
            assertThat(version).as("%s's version is pinned", plugin).matches("\\d+(\\.\\d+)+");
        }
    }
}
