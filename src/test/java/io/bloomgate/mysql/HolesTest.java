package io.bloomgate.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The change feed's record of unread log ids: ranges split as ids are read, retired by range. */
class HolesTest {

    @Test
    void readingAnIdSplitsItsRangeAndRetiringRemovesOnlyTheGivenSpan() {
        Holes holes = new Holes();
        holes.add(5, 9, 100.0, 1);
        holes.add(20, 20, Double.NaN, 2);
        assertThat(holes.ids()).isEqualTo(6);
        holes.remove(7);
        assertThat(holes.contains(7)).isFalse();
        assertThat(holes.contains(6)).isTrue();
        assertThat(holes.contains(8)).isTrue();
        assertThat(holes.ids()).isEqualTo(5);
        assertThat(holes.lowest(99)).isEqualTo(5);

        holes.stampUnstamped(200.0);
        assertThat(holes.ranges()).extracting(Holes.Range::seenAtServer).containsExactly(100.0, 100.0, 200.0);

        holes.retire(6, 20);
        assertThat(holes.ranges()).extracting(Holes.Range::from, Holes.Range::to)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(5L, 5L));
        assertThat(holes.ids()).isEqualTo(1);
        holes.remove(5);
        assertThat(holes.isEmpty()).isTrue();
        assertThat(holes.lowest(99)).isEqualTo(99);
    }

    @Test
    void retiringTheMiddleOfARangeKeepsBothEnds() {
        Holes holes = new Holes();
        holes.add(1, 10, 1.0, 1);
        holes.retire(4, 6);
        assertThat(holes.ranges()).extracting(Holes.Range::from, Holes.Range::to).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1L, 3L), org.assertj.core.groups.Tuple.tuple(7L, 10L));
        assertThat(holes.ids()).isEqualTo(7);
    }

    @Test
    void theInstallScriptSplitsIntoItsStatements() {
        assertThat(MySqlSchema.statements("-- c\nCREATE TABLE a (\n  x INT\n);\n\nINSERT INTO a VALUES (1);\n"))
                .containsExactly("CREATE TABLE a (\n  x INT\n)", "INSERT INTO a VALUES (1)");
    }
}
