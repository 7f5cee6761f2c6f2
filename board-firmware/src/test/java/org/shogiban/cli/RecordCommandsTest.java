package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.testdata.SharedData;

/** The {@code convert} command and the {@code judge} command on game records, run as the jar runs them. */
class RecordCommandsTest {
    private static final String FILES = "records/json-kifu-format/packages/json-kifu-format/test/files/";

    private record Run(int code, byte[] out, String err) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    private static Run run(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ShogibanCli.standard().run(args, new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    private static Run run(String stdin, String... args) {
        return run(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    private static String file(String relative) {
        return SharedData.file(relative).toString();
    }

    @Test
    void judgeKeepsItsUsiBehaviour() {
        Run r = run("position startpos moves 7g7f 3c3d 8h2b+\n", "judge", "-");
        assertThat(r.code()).isZero();
        assertThat(r.text().strip()).isEqualTo("{\"plies\":3,\"sfen\":\"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/"
                + "PP1PPPPPP/7R1/LNSGKGSNL w B 4\",\"status\":\"ONGOING\",\"winner\":\"none\"}");
        Run illegal = run("position startpos moves 7g7f 3c3d 7f7e 4a4b 7e7d 4b4a 7d7c+ 4a4b P*5e\n", "judge", "-");
        assertThat(illegal.text()).contains("\"status\":\"ILLEGAL_MOVE\"").contains("\"winner\":\"gote\"")
                .contains("\"reason\":\"TWO_PAWNS\"").contains("\"ply\":9").contains("\"plies\":8");
    }

    @Test
    void judgeReadsKifKi2CsaAndJkfAndRulesOnTheEnding() {
        Run kif = run("", "judge", file(FILES + "kif/ryuou201409020101.kif"));
        Run jkf = run("", "judge", file(FILES + "jkf/ryuou201409020101.jkf"));
        assertThat(kif.code()).isZero();
        assertThat(kif.text()).contains("\"plies\":117").contains("\"status\":\"RESIGNATION\"")
                .contains("\"winner\":\"sente\"");
        assertThat(jkf.text()).isEqualTo(kif.text());
        Run csa = run("", "judge", file(FILES + "csa/illegal_win.csa"));
        assertThat(csa.text()).contains("\"status\":\"ILLEGAL_MOVE\"").contains("\"winner\":\"sente\"")
                .contains("\"reason\":\"UNSPECIFIED\"");
        Run ki2 = run("", "judge", file(FILES + "ki2/illegal.ki2"));
        assertThat(ki2.text()).contains("\"status\":\"ILLEGAL_MOVE\"").contains("\"winner\":\"gote\"");
        Run mate = run("", "judge", file(FILES + "csa/v2.csa"));
        assertThat(mate.text()).as("mate on the board wins over the recorded resignation")
                .contains("\"status\":\"CHECKMATE\"").contains("\"winner\":\"gote\"");
    }

    @Test
    void judgeRulesAFoulDropThatTheRecordEndsWith() {
        Run r = run("手合割：平手\n手数----指手---------消費時間--\n   1 ５四歩打\n   2 反則勝ち\n", "judge", "-");
        assertThat(r.code()).isZero();
        assertThat(r.text().strip()).isEqualTo("{\"plies\":0,\"sfen\":\"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/"
                + "1B5R1/LNSGKGSNL b - 1\",\"status\":\"ILLEGAL_MOVE\",\"winner\":\"gote\",\"reason\":\"NOT_IN_HAND\","
                + "\"ply\":1}");
    }

    @Test
    void convertWritesEachFormatInItsEncoding() {
        String kif = file(FILES + "kif/ryuou201409020101.kif");
        Run toKif = run("", "convert", "--to", "kif", kif);
        assertThat(toKif.code()).isZero();
        assertThat(new String(toKif.out(), GameRecords.SHIFT_JIS)).startsWith("#KIF version=2.0 encoding=Shift_JIS")
                .contains("   1 ７六歩(77)");
        Run toCsa = run("", "convert", "--to", "csa", kif);
        assertThat(toCsa.text()).startsWith("'CSA encoding=UTF-8\nV3.0\nN+羽生善治\nN-糸谷哲郎\n").contains("+7776FU")
                .endsWith("%TORYO\n");
        Run toUsi = run("", "convert", "--to=usi", kif);
        assertThat(toUsi.text()).startsWith("position startpos moves 7g7f 3c3d");
        for (String format : new String[] {"kifu", "ki2", "jkf", "sfen"}) {
            Run r = run("", "convert", "--to", format, kif);
            assertThat(r.code()).as(format).isZero();
            assertThat(r.err()).as(format).isEmpty();
        }
        Run roundTrip = run(toCsa.out(), "convert", "--to", "usi", "-");
        assertThat(roundTrip.text()).isEqualTo(toUsi.text());
    }

    @Test
    void malformedInputGivesExitCodeTwoAndOneLine() {
        Run badCsa = run("V2.2\nPI\n+\n-3334FU\n", "convert", "--to", "kif", "-");
        assertThat(badCsa.code()).isEqualTo(2);
        assertThat(badCsa.err()).isEqualTo("convert: line 4: expected a move by + (sente), found '-3334FU'\n");
        assertThat(badCsa.out()).isEmpty();
        Run badKif = run("手合割：平手\n手数----指手--\n   1 ７四歩(75)\n", "judge", "-");
        assertThat(badKif.code()).isEqualTo(2);
        assertThat(badKif.err()).isEqualTo("judge: line 3: '７四歩(75)' moves from 7e, which is empty\n");
        Run binary = run(new byte[] {1, 2, 0, 3}, "judge", "-");
        assertThat(binary.code()).isEqualTo(2);
        assertThat(binary.err().lines()).hasSize(1);
        Run format = run("", "convert", "--to", "pgn", "-");
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err()).contains("unknown record format 'pgn'");
        Run missing = run("", "convert", "--to", "kif", "/no/such/file.kif");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("convert: no such file: /no/such/file.kif\n");
    }
}
