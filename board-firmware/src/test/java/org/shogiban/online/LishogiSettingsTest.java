package org.shogiban.online;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.clock.TimeControl;
import org.shogiban.link.NewGameOptions;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Side;
import org.shogiban.session.OnlineSeat;
import org.shogiban.session.RemotePlayer;

/** The token file, the site's address, the words of an online game asked for, and the site's endings. */
class LishogiSettingsTest {
    @TempDir
    Path dir;

    private Path tokenFile(String perms) throws IOException {
        Path f = dir.resolve("lishogi.token");
        Files.writeString(f, StandInLishogi.TOKEN + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(perms));
        return f;
    }

    @Test
    void aPrivateTokenFileIsReadAndTheTokenNeverShows() throws IOException {
        Path f = tokenFile("rw-------");
        LishogiSettings s = LishogiSettings.of(Optional.of(f.toString()), Optional.empty()).orElseThrow();
        assertThat(s.site().toString()).isEqualTo("https://lishogi.org");
        assertThat(s.token().appearsIn("Bearer " + StandInLishogi.TOKEN)).isTrue();
        assertThat(s.token().toString()).doesNotContain(StandInLishogi.TOKEN);
        assertThat(s.toString()).doesNotContain(StandInLishogi.TOKEN);
    }

    @Test
    void aTokenFileOthersCanReadIsRefusedWithASentenceAsSshDoes() throws IOException {
        Path f = tokenFile("rw-r--r--");
        assertThatThrownBy(() -> LishogiSettings.of(Optional.of(f.toString()), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("can be read by other users").hasMessageContaining("chmod 600")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(StandInLishogi.TOKEN));
    }

    @Test
    void aMissingTokenFileAndABadAddressAreSaid() throws IOException {
        assertThatThrownBy(() -> LishogiSettings.of(Optional.of(dir.resolve("none").toString()), Optional.empty()))
                .hasMessageContaining("does not exist");
        Path f = tokenFile("rw-------");
        assertThatThrownBy(() -> LishogiSettings.of(Optional.of(f.toString()), Optional.of("lishogi.org")))
                .hasMessageContaining("is not an address");
        assertThat(LishogiSettings.of(Optional.empty(), Optional.empty())).isEmpty();
    }

    @Test
    void newOnlineLishogiIsReadAsASeekOrAChallenge() {
        NewGameOptions seek = NewGameOptions.parse("online=lishogi time=main=600,byoyomi=30 color=gote rated=yes");
        RemotePlayer p = seek.remote().orElseThrow();
        assertThat(p.isOnline()).isTrue();
        assertThat(p.isSeeking()).isTrue();
        assertThat(p.side()).as("the opponent stands on the side not asked").isEqualTo(Side.SENTE);
        assertThat(p.online().timeControl()).isEqualTo(TimeControl.parse("main=600,byoyomi=30").spec());
        assertThat(p.online().rated()).isTrue();
        assertThat(p.online().user()).isNull();
        assertThat(NewGameOptions.parse("online=lishogi time=main=900 user=Kitsune").remote().orElseThrow()
                .online().user()).isEqualTo("Kitsune");
        assertThatThrownBy(() -> NewGameOptions.parse("online=lishogi")).hasMessageContaining("needs time=");
        assertThatThrownBy(() -> NewGameOptions.parse("online=lichess time=main=600"))
                .hasMessageContaining("lishogi only");
        assertThatThrownBy(() -> NewGameOptions.parse("online=lishogi time=none")).hasMessageContaining("clock");
        assertThatThrownBy(() -> NewGameOptions.parse("online=lishogi time=main=600 color=black"))
                .hasMessageContaining("sente, gote or random");
        assertThatThrownBy(() -> NewGameOptions.parse("online=lishogi time=main=600 engine=gote"))
                .hasMessageContaining("not for an online game");
        assertThatThrownBy(() -> NewGameOptions.parse("user=Kitsune")).hasMessageContaining("needs online=lishogi");
    }

    @Test
    void seeksAndChallengesAreAskedInLishogisForm() {
        TimeControl tc = TimeControl.parse("main=600,byoyomi=30");
        assertThat(SiteTimeControl.seekForm(tc)).containsExactlyInAnyOrderEntriesOf(Map.of("time", "10", "increment", "0",
                "byoyomi", "30", "periods", "1"));
        assertThat(SiteTimeControl.seekForm(TimeControl.parse("main=90,increment=5"))).containsEntry("time", "1.5")
                .containsEntry("increment", "5").containsEntry("periods", "0");
        assertThat(SiteTimeControl.challengeForm(tc)).containsEntry("clock.limit", "600")
                .containsEntry("clock.byoyomi", "30");
        assertThat(SiteTimeControl.estimatedSeconds(tc.sente())).isEqualTo(600L + 25 * 30);
        assertThat(SiteTimeControl.boardCompatible(TimeControl.parse("main=120,byoyomi=5"), false)).isFalse();
        assertThat(SiteTimeControl.boardCompatible(TimeControl.parse("main=300"), false)).isTrue();
        assertThat(SiteTimeControl.boardCompatible(TimeControl.parse("main=600,byoyomi=10"), true)).isFalse();
        assertThat(SiteTimeControl.boardCompatible(TimeControl.parse("main=900"), true)).isTrue();
    }

    @Test
    void everyStatusOfTheSitesTableIsAResultOfTheBoard() {
        assertThat(SiteEnding.of("started", null)).isNull();
        assertThat(SiteEnding.of("mate", "sente").status()).isEqualTo(GameStatus.CHECKMATE);
        assertThat(SiteEnding.of("resign", "gote").status()).isEqualTo(GameStatus.RESIGNATION);
        assertThat(SiteEnding.of("timeout", "gote").status()).isEqualTo(GameStatus.TIME_UP);
        assertThat(SiteEnding.of("outoftime", "sente").winner()).isEqualTo(Side.SENTE);
        assertThat(SiteEnding.of("aborted", null).status()).isEqualTo(GameStatus.ABORTED);
        assertThat(SiteEnding.of("noStart", "sente").status()).isEqualTo(GameStatus.ABORTED);
        assertThat(SiteEnding.of("repetition", null).status()).isEqualTo(GameStatus.REPETITION_DRAW);
        assertThat(SiteEnding.of("perpetualCheck", "gote").status()).isEqualTo(GameStatus.PERPETUAL_CHECK);
        assertThat(SiteEnding.of("impasse27", "sente").status()).isEqualTo(GameStatus.IMPASSE_DECLARATION);
        assertThat(SiteEnding.of("illegalMove", "gote").status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(SiteEnding.of("stalemate", "sente").status()).isEqualTo(GameStatus.NO_LEGAL_MOVES);
        assertThat(SiteEnding.of("draw", null).status()).isEqualTo(GameStatus.IMPASSE_DECLARATION);
        for (String status : new String[] {"cheat", "unknownFinish", "tryRule", "royalsLost", "bareKing", "check"}) {
            assertThat(SiteEnding.of(status, "sente")).as(status).isNotNull();
        }
        assertThat(OnlineSeat.withRating("Tanuki", 1620)).isEqualTo("Tanuki (1620)");
    }
}
