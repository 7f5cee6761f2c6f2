package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Command lines cut from the host's bytes: LF ends a line, CR before it is dropped, UTF-8 only, at most 4 KiB. */
class LineDecoderTest {
    private final LineDecoder decoder = new LineDecoder();

    private List<LineDecoder.Input> feed(byte[] bytes) {
        return decoder.feed(bytes, bytes.length);
    }

    private List<LineDecoder.Input> feed(String text) {
        return feed(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aLineEndsAtLfAndACrBeforeItIsDropped() {
        assertThat(feed("HELLO\nSTATE\r\n")).containsExactly(new LineDecoder.Line("HELLO"),
                new LineDecoder.Line("STATE"));
    }

    @Test
    void aLineSplitOverSeveralReadsComesOutWhole() {
        assertThat(feed("GET cur")).isEmpty();
        assertThat(feed("rent kif\r")).isEmpty();
        assertThat(feed("\n")).containsExactly(new LineDecoder.Line("GET current kif"));
    }

    @Test
    void aCrInsideALineIsKept() {
        assertThat(feed("A\rB\n")).containsExactly(new LineDecoder.Line("A\rB"));
    }

    @Test
    void bytesThatAreNotUtf8AreAnEncodingErrorAndTheNextLineIsReadAsUsual() {
        byte[] bad = {'G', 'E', 'T', ' ', (byte) 0x93, (byte) 0xaa, '\n', 'H', 'E', 'L', 'L', 'O', '\n'};
        List<LineDecoder.Input> in = feed(bad);
        assertThat(in).hasSize(2);
        assertThat(in.get(0)).isInstanceOfSatisfying(LineDecoder.Bad.class, b -> {
            assertThat(b.error()).isEqualTo(LinkError.ENCODING);
            assertThat(b.message()).contains("byte 5");
        });
        assertThat(in.get(1)).isEqualTo(new LineDecoder.Line("HELLO"));
    }

    @Test
    void japaneseTextInUtf8IsALine() {
        assertThat(feed("NEW sente=羽生\n")).containsExactly(new LineDecoder.Line("NEW sente=羽生"));
    }

    @Test
    void aLineOf4KiBIsReadAndOneByteMoreIsTooLong() {
        String limit = "x".repeat(LineDecoder.MAX_LINE_BYTES);
        assertThat(feed(limit + "\r\n")).containsExactly(new LineDecoder.Line(limit));
        List<LineDecoder.Input> over = feed(limit + "y\n");
        assertThat(over).singleElement().isInstanceOfSatisfying(LineDecoder.Bad.class,
                b -> assertThat(b.error()).isEqualTo(LinkError.TOOLONG));
    }

    @Test
    void anOverlongLineIsDiscardedUpToItsLfAndReportedOnceThere() {
        List<LineDecoder.Input> in = new ArrayList<>();
        byte[] chunk = "z".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 100; i++) {
            in.addAll(feed(chunk));
        }
        assertThat(in).as("nothing until the LF").isEmpty();
        in.addAll(feed("tail\nHELLO\n"));
        assertThat(in).hasSize(2);
        assertThat(in.get(0)).isInstanceOfSatisfying(LineDecoder.Bad.class, b -> {
            assertThat(b.error()).isEqualTo(LinkError.TOOLONG);
            assertThat(b.message()).contains("100004 bytes");
        });
        assertThat(in.get(1)).isEqualTo(new LineDecoder.Line("HELLO"));
    }
}
