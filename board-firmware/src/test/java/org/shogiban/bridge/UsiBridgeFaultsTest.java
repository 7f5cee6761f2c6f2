package org.shogiban.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bridge against a board that misbehaves (a scripted device: an unreadable {@code STATE}, garbled events): it
 * says so, asks again, and goes on; the GUI never sees its engine die.
 */
class UsiBridgeFaultsTest {
    private static final String START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    private static final String STATE = "{\"phase\":\"PLAYING\",\"ply\":0,\"sfen\":\"" + START + "\",\"moves\":[],"
            + "\"result\":null,\"waitingFor\":[],\"gameId\":\"g1\",\"startSfen\":\"" + START + "\",\"seq\":4,"
            + "\"players\":{\"sente\":{\"kind\":\"human\",\"name\":null},\"gote\":{\"kind\":\"human\",\"name\":null}}}";
    /** A bishop handicap: 上手 (gote) moves first. */
    private static final String HANDICAP = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";

    private final ScriptedDevice board = new ScriptedDevice();
    private final BlockingQueue<String> fromBridge = new LinkedBlockingQueue<>();
    private PrintStream toBridge;
    private Thread bridge;

    @BeforeEach
    void start() throws IOException {
        PipedOutputStream in = new PipedOutputStream();
        PipedInputStream bridgeIn = new PipedInputStream(in, 1 << 16);
        toBridge = new PrintStream(in, true, StandardCharsets.UTF_8);
        PipedInputStream out = new PipedInputStream(1 << 16);
        PrintStream bridgeOut = new PrintStream(new PipedOutputStream(out), true, StandardCharsets.UTF_8);
        UsiBridge usi = new UsiBridge(board, bridgeOut, "board", PlayerNames.NONE, 5_000);
        bridge = Thread.ofPlatform().name("usi-bridge").start(() -> {
            try {
                usi.run(bridgeIn);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            bridgeOut.close();
        });
        Thread.ofPlatform().daemon().name("usi-out").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    fromBridge.add(line);
                }
            } catch (IOException e) {
                // the bridge closed its end
            }
        });
    }

    @AfterEach
    void stop() throws InterruptedException {
        toBridge.println("quit");
        bridge.join(10_000);
        toBridge.close();
    }

    private String await(String prefix) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < end) {
            String line = fromBridge.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith(prefix)) {
                return line;
            }
        }
        throw new AssertionError("the bridge wrote no line starting '" + prefix + "' in 10 s; its log:\n"
                + board.log());
    }

    /** The board's side: the next command, which must be {@code word}; returns its tag. */
    private String expect(String word) throws InterruptedException {
        String command = board.command();
        assertThat(command).as("the bridge's command").endsWith(" " + word);
        return ScriptedDevice.tag(command);
    }

    private void connect() throws InterruptedException {
        toBridge.println("usi");
        toBridge.println("isready");
        board.write(expect("HELLO") + " OK shogiban 0.1.0 board-1 2\n");
        String tag = expect("STATE");
        board.write(tag + " OK " + STATE.getBytes(StandardCharsets.UTF_8).length + "\n" + STATE + "\n");
        await("readyok");
    }

    @Test
    void anUnreadableStateIsSaidAndAskedForAgain() throws InterruptedException {
        toBridge.println("usi");
        toBridge.println("isready");
        board.write(expect("HELLO") + " OK shogiban 0.1.0 board-1 2\n");
        board.write(expect("STATE") + " OK 5\nnope!\n");
        assertThat(await("info string the board's state could not be read")).contains("asking again");
        String tag = expect("STATE");
        board.write(tag + " OK " + STATE.getBytes(StandardCharsets.UTF_8).length + "\n" + STATE + "\n");
        await("readyok");
    }

    @Test
    void garbledEventsNeitherEndTheBridgeNorGoUnchecked() throws InterruptedException {
        connect();
        board.write("* 5 MOVE x 7g7f\n* 6 MOVE\n* seven MOVE 1 7g7f\n* 8 TAKEBACK\n");
        String tag = expect("STATE");           // the board's state is asked for again
        board.write(tag + " OK " + STATE.getBytes(StandardCharsets.UTF_8).length + "\n" + STATE + "\n");
        toBridge.println("usi");
        await("usiok");                          // the bridge's loop goes on
        toBridge.println("isready");
        await("readyok");
    }

    /**
     * The window of the handicap game that once hung under load: the bridge asked for the board's state after the
     * new game's {@code SETUP}, and the pieces stood ({@code GAME}) before the reply came. The state it got still says
     * SETUP; the held {@code GAME} says it is stale: the bridge must look again and give the program's first move.
     */
    @Test
    void aGameStartedWhileAStateIsAskedIsLookedAtAgainAndTheHostsMoveGiven() throws InterruptedException {
        connect();
        toBridge.println("position sfen " + HANDICAP + " moves 5a4b");  // 上手 (the program) moved first
        toBridge.println("go");
        answerState(expect("STATE"), STATE);                               // the board's own casual game
        String newGame = board.command();
        assertThat(newGame).contains("NEW host=gote").contains(HANDICAP);
        board.write(ScriptedDevice.tag(newGame) + " OK setting up a new game\n");
        board.write("* 5 SETUP " + HANDICAP + "\n");
        String tag = expect("STATE");
        board.write("* 6 GAME g2 " + HANDICAP + "\n");                   // the pieces stood meanwhile
        answerState(tag, handicapState("SETUP", 5));
        answerState(expect("STATE"), handicapState("PLAYING", 6));        // looked at again
        assertThat(board.command()).as("the program's move given to the board").endsWith(" PLAY 5a4b");
    }

    /**
     * The board said it keeps its game as the program's, but takes it on its own thread: on a loaded machine (or a
     * board whose loop is slow) it is not yet the host's at the next looks. The bridge keeps looking (and asking to
     * keep it) by a deadline, not a count: after five quick looks it used to ask for a new game instead, which on a
     * game with moves waits for the players to press MENU.
     */
    @Test
    void aBoardSlowToTakeItsGameAsTheProgramsIsLookedAtUntilItHas() throws InterruptedException {
        connect();
        toBridge.println("position startpos moves 7g7f");   // the program is sente, the board's player gote
        toBridge.println("go");
        for (int look = 1; look <= 8; look++) {
            answerState(expect("STATE"), STATE);                 // still the board's own game, no host yet
            String keep = board.command();
            assertThat(keep).as("look %d asks to keep the board's game", look).contains("NEW host=sente")
                    .contains("moves=-");
            board.write(ScriptedDevice.tag(keep) + " OK the game goes on as the host's: host sente, 0 moves kept\n");
        }
        String hosted = STATE.replace("\"sente\":{\"kind\":\"human\"", "\"sente\":{\"kind\":\"host\"");
        answerState(expect("STATE"), hosted);
        assertThat(board.command()).as("the program's move given to the board").endsWith(" PLAY 7g7f");
    }

    private void answerState(String tag, String state) {
        board.write(tag + " OK " + state.getBytes(StandardCharsets.UTF_8).length + "\n" + state + "\n");
    }

    private static String handicapState(String phase, int seq) {
        return "{\"phase\":\"" + phase + "\",\"ply\":0,\"sfen\":\"" + HANDICAP + "\",\"moves\":[],"
                + "\"result\":null,\"waitingFor\":[],\"gameId\":\"g2\",\"startSfen\":\"" + HANDICAP + "\","
                + "\"seq\":" + seq + ",\"players\":{\"sente\":{\"kind\":\"human\",\"name\":null},"
                + "\"gote\":{\"kind\":\"host\",\"name\":null}}}";
    }

    @Test
    void eventsThatComeWhileAStateIsAskedAreAppliedAfterItByTheirNumbers() throws InterruptedException {
        connect();
        toBridge.println("position startpos");         // the board's player is sente, the program gote
        toBridge.println("go");
        String tag = expect("STATE");
        // before the reply: an event the state already shows (4) and one it does not (5, the player's move)
        board.write("* 4 GAME g1 " + START + "\n* 5 MOVE 1 7g7f +7776FU,T1\n");
        String hosted = STATE.replace("\"gote\":{\"kind\":\"human\"", "\"gote\":{\"kind\":\"host\"");
        board.write(tag + " OK " + hosted.getBytes(StandardCharsets.UTF_8).length + "\n" + hosted + "\n");
        assertThat(await("bestmove")).isEqualTo("bestmove 7g7f");
        assertThat(board.command(300)).as("nothing more asked of the board").isNull();
    }

    @Test
    void aPlayersMoveThatComesBetweenTheProgramsPositionAndItsGoIsTheAnswer() throws InterruptedException {
        connect();
        toBridge.println("position startpos");         // the board's player is sente, the program gote
        String tag = expect("STATE");
        String hosted = STATE.replace("\"gote\":{\"kind\":\"human\"", "\"gote\":{\"kind\":\"host\"");
        int length = hosted.getBytes(StandardCharsets.UTF_8).length;
        // the player moves at once: the move and the state's reply reach the bridge before the program's go
        board.write("* 5 MOVE 1 7g7f +7776FU,T1\n" + tag + " OK " + length + "\n" + hosted + "\n");
        long end = System.nanoTime() + 10_000_000_000L;
        while (!board.log().contains("link < OK " + length) && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        toBridge.println("go");
        assertThat(await("bestmove")).isEqualTo("bestmove 7g7f");
    }
}
