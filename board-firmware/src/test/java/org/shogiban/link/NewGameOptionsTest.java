package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.hal.SensorKind;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.Position;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSettings;
import org.shogiban.session.IllegalMovePolicy;

/** {@code NEW}'s options: each read into the session's request, each bad value refused naming option and value. */
class NewGameOptionsTest {
    private static final GameSettings BOARD = GameSettings.of(Position.startpos(),
            InferenceConfig.defaults(SensorKind.POLARITY).withCommitPolicy(CommitPolicy.STABLE));

    private static GameSettings asked(String options) {
        return NewGameOptions.parse(options).toRequest(GameRequest.WhilePlaying.REFUSE).applyTo(BOARD);
    }

    @Test
    void eachOptionChangesItsOwnSettingAndNothingElse() {
        assertThat(asked("")).isEqualTo(BOARD);
        assertThat(asked("handicap=rook").start()).isEqualTo(Handicap.ROOK.start());
        assertThat(asked("handicap=角落ち").start()).isEqualTo(Handicap.BISHOP.start());
        assertThat(asked("time=main=300,byoyomi=10").timeControl().spec())
                .isEqualTo("main=300,byoyomi=10,periods=1,increment=0,consider=0");
        assertThat(asked("time=none").timeControl().isNone()).isTrue();
        GameSettings tournament = asked("mode=tournament");
        assertThat(tournament.inference().commitPolicy()).isEqualTo(CommitPolicy.CLOCK);
        assertThat(tournament.illegalMoves()).isEqualTo(IllegalMovePolicy.LOSS);
        assertThat(tournament.inference().sensorKind()).isEqualTo(SensorKind.POLARITY);
        assertThat(tournament.start()).isEqualTo(BOARD.start());
        GameRequest players = NewGameOptions.parse("sente=\"  Habu Yoshiharu \" gote=藤井")
                .toRequest(GameRequest.WhilePlaying.REFUSE);
        assertThat(players.players()).isEqualTo(new GameRequest.Players("Habu Yoshiharu", "藤井"));
        assertThat(players.applyTo(BOARD)).isEqualTo(BOARD);
    }

    @Test
    void aBadValueIsRefusedNamingTheOptionAndTheValue() {
        assertThatThrownBy(() -> NewGameOptions.parse("time=main=ten")).hasMessage(
                "time control 'main=ten': main needs a whole number, not 'ten'");
        assertThatThrownBy(() -> NewGameOptions.parse("time=main=600,main=30"))
                .hasMessageStartingWith("option 'time' 'main=600,main=30': time control: duplicate key main");
        assertThatThrownBy(() -> NewGameOptions.parse("time=blitz")).hasMessageStartingWith(
                "time control 'blitz': 'blitz' is not key=seconds");
        assertThatThrownBy(() -> NewGameOptions.parse("handicap=queen"))
                .hasMessageStartingWith("handicap 'queen' is not even or one of lance, right-lance, bishop");
        assertThatThrownBy(() -> NewGameOptions.parse("mode=blitz"))
                .hasMessage("mode 'blitz' is not casual or tournament");
        assertThatThrownBy(() -> NewGameOptions.parse("sente=")).hasMessage("option 'sente' needs a value");
        assertThatThrownBy(() -> NewGameOptions.parse("gote=\"   \"")).hasMessage("option 'gote' needs a value");
        assertThatThrownBy(() -> NewGameOptions.parse("gote=" + "x".repeat(65))).hasMessage(
                "option 'gote': gote's name 'xxxxxxxxxxxxxxxxxxxx…' is longer than 64 characters");
        assertThatThrownBy(() -> NewGameOptions.parse("sente=\"Habu\tYoshiharu\"")).hasMessage(
                "option 'sente': sente's name 'Habu?Yoshiharu' holds a control character (tab, line end ...)");
        assertThatThrownBy(() -> NewGameOptions.parse("players=2")).hasMessageStartingWith(
                "unknown option 'players'");
    }

    @Test
    void engineAndLevelAskForAGameAgainstTheEngine() {
        GameRequest asked = NewGameOptions.parse("engine=gote level=3").toRequest(GameRequest.WhilePlaying.REFUSE);
        assertThat(asked.remote()).contains(org.shogiban.session.RemotePlayer.engine(
                org.shogiban.rules.Side.GOTE, 3));
        assertThat(NewGameOptions.parse("engine=sente").remote().orElseThrow().level())
                .isEqualTo(NewGameOptions.DEFAULT_LEVEL);
        assertThat(NewGameOptions.parse("sente=Habu").remote()).isEmpty();
        assertThatThrownBy(() -> NewGameOptions.parse("level=3")).hasMessage(
                "option 'level' needs engine=sente or engine=gote");
        assertThatThrownBy(() -> NewGameOptions.parse("engine=both")).hasMessageContaining("sente or gote");
        assertThatThrownBy(() -> NewGameOptions.parse("engine=gote level=11")).hasMessageContaining("1..10");
        assertThatThrownBy(() -> NewGameOptions.parse("engine=gote level=x")).hasMessageContaining("1..10");
    }
}
