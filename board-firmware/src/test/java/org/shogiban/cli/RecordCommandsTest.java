package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.testdata.SharedData;

/** The {@code convert} command and the {@code judge} command on game records, run as the jar runs them. */
class RecordCommandsTest {
    private static final String FILES = "records/json-kifu-format/packages/json-kifu-format/test/files/";

    private static CliRun.Bytes run(String stdin, String... args) {
        return CliRun.bytes(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    private static String file(String relative) {
        return SharedData.file(relative).toString();
    }

    @Test
    void judgeKeepsItsUsiBehaviour() {
        var r = run("position startpos moves 7g7f 3c3d 8h2b+\n", "judge", "-");
        assertThat(r.exit()).isZero();
        assertThat(r.text().strip()).isEqualTo("{\"plies\":3,\"sfen\":\"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/"
                + "PP1PPPPPP/7R1/LNSGKGSNL w B 4\",\"status\":\"ONGOING\",\"winner\":\"none\"}");
        var illegal = run("position startpos moves 7g7f 3c3d 7f7e 4a4b 7e7d 4b4a 7d7c+ 4a4b P*5e\n", "judge", "-");
        assertThat(illegal.text()).contains("\"status\":\"ILLEGAL_MOVE\"").contains("\"winner\":\"gote\"")
                .contains("\"reason\":\"TWO_PAWNS\"").contains("\"ply\":9").contains("\"plies\":8");
    }

    @Test
    void judgeReadsKifKi2CsaAndJkfAndRulesOnTheEnding() {
        var kif = run("", "judge", file(FILES + "kif/ryuou201409020101.kif"));
        var jkf = run("", "judge", file(FILES + "jkf/ryuou201409020101.jkf"));
        assertThat(kif.exit()).isZero();
        assertThat(kif.text()).contains("\"plies\":117").contains("\"status\":\"RESIGNATION\"")
                .contains("\"winner\":\"sente\"");
        assertThat(jkf.text()).isEqualTo(kif.text());
        var csa = run("", "judge", file(FILES + "csa/illegal_win.csa"));
        assertThat(csa.text()).contains("\"status\":\"ILLEGAL_MOVE\"").contains("\"winner\":\"sente\"")
                .contains("\"reason\":\"UNSPECIFIED\"");
        var ki2 = run("", "judge", file(FILES + "ki2/illegal.ki2"));
        assertThat(ki2.text()).contains("\"status\":\"ILLEGAL_MOVE\"").contains("\"winner\":\"gote\"");
        var mate = run("", "judge", file(FILES + "csa/v2.csa"));
        assertThat(mate.text()).as("mate on the board wins over the recorded resignation")
                .contains("\"status\":\"CHECKMATE\"").contains("\"winner\":\"gote\"");
    }

    @Test
    void judgeRulesAFoulDropThatTheRecordEndsWith() {
        var r = run("手合割：平手\n手数----指手---------消費時間--\n   1 ５四歩打\n   2 反則勝ち\n", "judge", "-");
        assertThat(r.exit()).isZero();
        assertThat(r.text().strip()).isEqualTo("{\"plies\":0,\"sfen\":\"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/"
                + "1B5R1/LNSGKGSNL b - 1\",\"status\":\"ILLEGAL_MOVE\",\"winner\":\"gote\",\"reason\":\"NOT_IN_HAND\","
                + "\"ply\":1}");
    }

    @Test
    void convertWritesEachFormatInItsEncoding() {
        String kif = file(FILES + "kif/ryuou201409020101.kif");
        var toKif = run("", "convert", "--to", "kif", kif);
        assertThat(toKif.exit()).isZero();
        assertThat(new String(toKif.out(), GameRecords.SHIFT_JIS)).startsWith("#KIF version=2.0 encoding=Shift_JIS")
                .contains("   1 ７六歩(77)");
        var toCsa = run("", "convert", "--to", "csa", kif);
        assertThat(toCsa.text()).startsWith("'CSA encoding=UTF-8\nV3.0\nN+羽生善治\nN-糸谷哲郎\n").contains("+7776FU")
                .endsWith("%TORYO\n");
        var toUsi = run("", "convert", "--to=usi", kif);
        assertThat(toUsi.text()).startsWith("position startpos moves 7g7f 3c3d");
        for (String format : new String[] {"kifu", "ki2", "jkf", "sfen"}) {
            var r = run("", "convert", "--to", format, kif);
            assertThat(r.exit()).as(format).isZero();
            assertThat(r.err()).as(format).isEmpty();
        }
        CliRun.Bytes roundTrip = CliRun.bytes(toCsa.out(), "convert", "--to", "usi", "-");
        assertThat(roundTrip.text()).isEqualTo(toUsi.text());
    }

    @Test
    void malformedInputGivesExitCodeTwoAndOneLine() {
        var badCsa = run("V2.2\nPI\n+\n-3334FU\n", "convert", "--to", "kif", "-");
        assertThat(badCsa.exit()).isEqualTo(2);
        assertThat(badCsa.err()).isEqualTo("convert: line 4: expected a move by + (sente), found '-3334FU'\n");
        assertThat(badCsa.out()).isEmpty();
        var badKif = run("手合割：平手\n手数----指手--\n   1 ７四歩(75)\n", "judge", "-");
        assertThat(badKif.exit()).isEqualTo(2);
        assertThat(badKif.err()).isEqualTo("judge: line 3: '７四歩(75)' moves from 7e, which is empty\n");
        CliRun.Bytes binary = CliRun.bytes(new byte[] {1, 2, 0, 3}, "judge", "-");
        assertThat(binary.exit()).isEqualTo(2);
        assertThat(binary.err().lines()).hasSize(1);
        var format = run("", "convert", "--to", "pgn", "-");
        assertThat(format.exit()).isEqualTo(2);
        assertThat(format.err()).contains("unknown record format 'pgn'");
        var missing = run("", "convert", "--to", "kif", "/no/such/file.kif");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("convert: no such file: /no/such/file.kif\n");
    }
}
