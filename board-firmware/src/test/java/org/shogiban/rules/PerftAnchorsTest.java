package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.shogiban.testdata.SharedData;

/**
 * perft of every position in ../shared/data/perft/anchors.json (published counts from YaneuraOu, python-shogi,
 * shogiops and engine perft tables) to every listed depth that runs in reasonable time. The default run takes
 * counts up to {@value #FAST_LIMIT} nodes; the slow profile ({@code -Pslow}) up to {@value #SLOW_LIMIT}.
 */
class PerftAnchorsTest {
    static final long FAST_LIMIT = 30_000_000L;
    static final long SLOW_LIMIT = 1_000_000_000L;

    @TestFactory
    Stream<DynamicTest> publishedCountsUpToThirtyMillionNodes() {
        return anchors(0, FAST_LIMIT);
    }

    @Tag("slow")
    @TestFactory
    Stream<DynamicTest> publishedCountsUpToOneBillionNodes() {
        return anchors(FAST_LIMIT, SLOW_LIMIT);
    }

    private static Stream<DynamicTest> anchors(long above, long upTo) {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode anchor : SharedData.json("perft/anchors.json").get("positions")) {
            String sfen = anchor.get("sfen").asText();
            anchor.get("perft").properties().forEach(e -> {
                int depth = Integer.parseInt(e.getKey());
                long expected = e.getValue().asLong();
                if (expected > above && expected <= upTo) {
                    tests.add(DynamicTest.dynamicTest(anchor.get("name").asText() + " depth " + depth,
                            () -> assertThat(Position.fromSfen(sfen).perft(depth)).isEqualTo(expected)));
                }
            });
        }
        assertThat(tests).isNotEmpty();
        return tests.stream();
    }
}
