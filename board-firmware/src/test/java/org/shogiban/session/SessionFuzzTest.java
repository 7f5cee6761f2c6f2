package org.shogiban.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.EndOnTurn;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * Whatever people and hardware do to the board, in any order, the session never fails and never says something
 * untrue: random sequences of real moves, pieces knocked and put anywhere, komadai counts changed, every button,
 * every command (valid or not), faults and the passing of time. After every input the snapshot is a valid JSON
 * document whose moves replay legally from the start to its SFEN, the clock never shows negative time, a finished game
 * has a result, the record reads back to the same moves in KIF and CSA, and the journalled state resumes to the same
 * game.
 */
class SessionFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Clock WALL = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);
    private static final int SEEDS = 16;
    private static final int STEPS = 600;

    @TestFactory
    Stream<DynamicTest> randomHandlingNeverBreaksTheSession() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int seed = 1; seed <= SEEDS; seed++) {
            SensorKind kind = seed % 2 == 0 ? SensorKind.OCCUPANCY : SensorKind.POLARITY;
            CommitPolicy commit = seed % 4 < 2 ? CommitPolicy.STABLE : CommitPolicy.CLOCK;
            long s = seed;
            tests.add(DynamicTest.dynamicTest("seed " + seed + " " + kind + " " + commit,
                    () -> new Run(s, kind, commit).play()));
        }
        return tests.stream();
    }

    /** One random session, checked after every input. */
    private static final class Run {
        private final Random random;
        private final SensorKind kind;
        private final GameSettings settings;
        private final GameSession session;
        private SensorFrame board;
        private SessionChange lastChange;
        private long now = 1_000;
        private int moves;
        private int inputs;
        private int games;
        private int resumed;
        private final java.util.Set<BoardPhase> phases = java.util.EnumSet.noneOf(BoardPhase.class);

        Run(long seed, SensorKind kind, CommitPolicy commit) {
            this.random = new Random(seed);
            this.kind = kind;
            TimeControl time = switch ((int) (seed % 3)) {
                case 0 -> TimeControl.NONE;
                case 1 -> TimeControl.parse("main=20,byoyomi=5,periods=2");
                default -> TimeControl.parse("main=30,increment=2");
            };
            this.settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(kind).withCommitPolicy(commit))
                    .withTime(time).withBeeps(BeepSchedule.SILENT);
            this.session = new GameSession(settings, WALL);
            this.board = ExpectedFrame.of(Position.startpos()).toSensorFrame(now, kind);
        }

        void play() throws Exception {
            send(new SessionInput.Frame(board));
            for (int step = 0; step < STEPS; step++) {
                now += random.nextInt(4) == 0 ? random.nextInt(3_000) : random.nextInt(120);
                int what = random.nextInt(100);
                if (what < 45) {
                    playALegalMove();
                } else if (what < 55) {
                    knockASquare();
                } else if (what < 60) {
                    changeAKomadai();
                } else if (what < 72) {
                    pressAButton();
                } else if (what < 80) {
                    send(new SessionInput.Tick(now));
                } else if (what < 92) {
                    putTheBoardRight();
                } else if (what < 98) {
                    command();
                } else {
                    fault();
                }
            }
            assertThat(inputs).isGreaterThan(STEPS);
            assertThat(moves).as("moves the session counted over the run").isPositive();
            assertThat(games).as("games started over the run").isPositive();
            assertThat(resumed).as("games in play resumed from their journalled state").isPositive();
            assertThat(phases).as("phases the board went through").contains(BoardPhase.SETTING_UP,
                    BoardPhase.PLAYING, BoardPhase.OVER);
        }

        private void playALegalMove() throws Exception {
            if (session.phase() != BoardPhase.PLAYING) {
                putTheBoardRight();
                return;
            }
            Position before = session.position();
            List<Move> legal = before.legalMoves();
            if (legal.isEmpty()) {
                return;
            }
            Move move = legal.get(random.nextInt(legal.size()));
            Position after = before.play(move);
            SensorFrame target = ExpectedFrame.of(after).toSensorFrame(now, kind);
            if (!move.isDrop()) {
                change(board.withSquare(move.from().index(), SquareReading.EMPTY));
            }
            now += 50 + random.nextInt(300);
            change(target);
            if (session.settings().inference().commitPolicy() == CommitPolicy.CLOCK) {
                now += 20 + random.nextInt(200);
                Button clock = before.sideToMove() == Side.SENTE ? Button.CLOCK_SENTE : Button.CLOCK_GOTE;
                send(new SessionInput.Press(ButtonEvent.press(clock, now)));
            }
            now += random.nextInt(2) == 0 ? 450 : random.nextInt(450);
            send(new SessionInput.Tick(now));
        }

        private void knockASquare() throws Exception {
            int square = random.nextInt(81);
            SquareReading[] readings = SquareReading.values();
            SquareReading reading = kind == SensorKind.OCCUPANCY
                    ? (board.square(square).isOccupied() ? SquareReading.EMPTY : SquareReading.OCCUPIED)
                    : readings[random.nextInt(readings.length)];
            if (kind == SensorKind.POLARITY && reading == SquareReading.OCCUPIED) {
                reading = SquareReading.FACE_UP;
            }
            change(board.withSquare(square, reading));
        }

        private void changeAKomadai() throws Exception {
            Player player = random.nextBoolean() ? Player.SENTE : Player.GOTE;
            KomadaiSlot slot = KomadaiSlot.values()[random.nextInt(KomadaiSlot.values().length)];
            int count = Math.max(0, board.komadai(player, slot) + (random.nextBoolean() ? 1 : -1));
            change(board.withKomadai(player, slot, random.nextInt(20) == 0 ? SensorFrame.UNKNOWN : count));
        }

        private void putTheBoardRight() throws Exception {
            Position shown = session.position();
            change(ExpectedFrame.of(shown == null ? Position.startpos() : shown).toSensorFrame(now, kind));
            now += 500;
            send(new SessionInput.Tick(now));
        }

        private void pressAButton() throws Exception {
            Button button = Button.values()[random.nextInt(Button.values().length)];
            send(new SessionInput.Press(ButtonEvent.press(button, now)));
            if (random.nextBoolean()) {
                send(new SessionInput.Press(new ButtonEvent(button, false, now + 80)));
            }
        }

        private void command() throws Exception {
            Side side = random.nextBoolean() ? Side.SENTE : Side.GOTE;
            SessionInput input = switch (random.nextInt(10)) {
                case 0 -> new SessionInput.Resign(now, side);
                case 1 -> new SessionInput.Declare(now);
                case 2 -> new SessionInput.NewGame(now);
                case 3 -> new SessionInput.Pause(now);
                case 4 -> new SessionInput.Resume(now);
                case 5 -> new SessionInput.Adjust(now, side, (random.nextInt(121) - 60) * 1000L);
                case 6 -> new SessionInput.SetResult(now, GameStatus.RESIGNATION, side, "fuzz");
                case 7 -> new SessionInput.Undo(now);
                case 8 -> new SessionInput.Overrule(now);
                default -> new SessionInput.Abort(now);
            };
            if (random.nextInt(3) != 0 || input instanceof SessionInput.Pause
                    || input instanceof SessionInput.Resume) {
                send(input);
            }
        }

        private void fault() throws Exception {
            FaultEvent.Type type = random.nextBoolean() ? FaultEvent.Type.FAILED : FaultEvent.Type.RECOVERED;
            send(new SessionInput.Fault(new FaultEvent("MCP23017", "0x2" + random.nextInt(4), type, "fuzz", now)));
        }

        private void change(SensorFrame next) throws Exception {
            board = new SensorFrame(now, next.squares(), next.komadaiCounts());
            send(new SessionInput.Frame(board));
        }

        private void send(SessionInput input) throws Exception {
            inputs++;
            SessionChange change = session.accept(input);
            List<BoardEvent> events = change.events();
            assertThat(events).as("events after %s", input).doesNotContainNull();
            checkChange(input, change);
            moves += (int) events.stream().filter(e -> e instanceof BoardEvent.MovePlayed).count();
            games += (int) events.stream().filter(e -> e instanceof BoardEvent.GameStarted).count();
            phases.add(session.phase());
            check(input);
        }

        /**
         * The change is built once, as the input left the session: its view, facts, state and record are what the
         * session gives when asked after the input; a quiet input carries the last change's.
         */
        private void checkChange(SessionInput input, SessionChange change) {
            String at = "change of input " + inputs + " (" + input + ")";
            assertThat(change.view()).as(at).isEqualTo(session.view());
            if (change.changed()) {
                assertThat(change.facts()).as(at).isEqualTo(session.facts(change.timeMillis()));
                assertThat(change.state().toJson()).as(at).isEqualTo(session.state(change.timeMillis()).toJson());
                assertThat(change.record()).as(at).isEqualTo(session.record());
                assertThat(change.clock()).as(at).isEqualTo(session.clockState(change.timeMillis()));
            } else if (lastChange != null) {
                assertThat(change.facts()).as(at).isSameAs(lastChange.facts());
                assertThat(change.record()).as(at).isSameAs(lastChange.record());
            }
            if (change.changed()) {
                lastChange = change;
            }
        }

        private void check(SessionInput input) throws Exception {
            String at = "after input " + inputs + " (" + input + ")";
            BoardSnapshot snapshot = BoardSnapshot.of(session.facts(now));
            JsonNode json = JSON.readTree(snapshot.toJson());
            assertThat(json.path("ply").asInt()).as(at).isEqualTo(json.path("moves").size());
            Position replayed = replay(json);
            assertThat(replayed.toSfen()).as(at + ": the moves lead to the SFEN shown").isEqualTo(
                    json.path("sfen").asText());
            for (String side : List.of("sente", "gote")) {
                JsonNode clock = json.path("clock").path(side);
                assertThat(clock.path("mainMs").asLong()).as(at + ": " + side + "'s main time").isNotNegative();
                assertThat(clock.path("byoyomiMs").asLong()).as(at + ": " + side + "'s byoyomi").isNotNegative();
                assertThat(clock.path("periods").asInt()).as(at + ": " + side + "'s periods").isNotNegative();
            }
            BoardPhase phase = session.phase();
            if (phase == BoardPhase.OVER) {
                assertThat(json.path("result").isObject()).as(at + ": a finished game has a result").isTrue();
            }
            if (phase == BoardPhase.PLAYING) {
                assertThat(json.path("result").isNull()).as(at + ": a game in play has no result").isTrue();
            }
            if (inputs % 25 == 0) {
                recordReadsBack(at);
                stateResumes(at, json);
            }
        }

        private Position replay(JsonNode json) {
            JsonNode start = json.path("startSfen");
            Game game = new Game(start.isTextual() ? Position.fromSfen(start.asText()) : Position.startpos());
            for (JsonNode usi : json.path("moves")) {
                game.play(Move.parseUsi(usi.asText()));
            }
            return game.current();
        }

        private void recordReadsBack(String at) {
            GameRecord record = session.record();
            if (record == null) {
                return;
            }
            // an ending on the other side's turn is written on its side's turn, without that side's last move
            GameRecord written = EndOnTurn.writable(record);
            for (RecordFormat format : List.of(RecordFormat.KIFU, RecordFormat.CSA)) {
                GameRecord read = GameRecords.read(GameRecords.encode(record, format));
                assertThat(read.moves()).as(at + ": the " + format + " record reads back").isEqualTo(written.moves());
                assertThat(read.end()).as(at + ": the " + format + " record's end").isEqualTo(
                        written.end().withoutReason());
            }
        }

        private void stateResumes(String at, JsonNode json) throws Exception {
            SessionState state = SessionState.fromJson(session.state(now).toJson());
            if (!state.inGame()) {
                return;
            }
            resumed++;
            GameSession resumedSession = GameSession.resume(settings, WALL, state, now);
            JsonNode back = JSON.readTree(BoardSnapshot.of(resumedSession.facts(now)).toJson());
            assertThat(back.path("moves")).as(at + ": the resumed game's moves").isEqualTo(json.path("moves"));
            assertThat(back.path("sfen")).as(at + ": the resumed game's position").isEqualTo(json.path("sfen"));
            assertThat(back.path("result")).as(at + ": the resumed game's result").isEqualTo(json.path("result"));
        }
    }
}
