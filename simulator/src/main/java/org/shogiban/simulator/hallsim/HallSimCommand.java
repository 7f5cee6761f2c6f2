package org.shogiban.simulator.hallsim;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.config.HallConfig;
import org.shogiban.hall.HallSettings;
import org.shogiban.simulator.Options;
import org.shogiban.simulator.SimulatorCommand;
import org.shogiban.simulator.replay.Pace;

/**
 * {@code hall-sim --broker <url> --boards N --pace casual|blitz [--board full|light] [--hall-id ID] [--games K]
 * [--state DIR] [--ack-log FILE] [--seed S] [--time SPEC]}: N simulated boards of a hall in one process (docs/hall.md), each the
 * real firmware on simulated sensors playing random legal games by generated hands, publishing as real boards do;
 * {@code --board light} runs them as {@link LightBoard}s (no scan thread each: for the hall's load). Boards are
 * named {@code sim-001}, {@code sim-002}... With {@code --games K} it stops after every board played K games.
 * {@code --time main=600,byoyomi=30} gives the light boards' games a clock (their snapshots then move every second
 * and each move brings a {@code CLOCK} event, as on a tournament's boards); without it they play without one.
 */
public final class HallSimCommand implements SimulatorCommand {
    @Override
    public String name() {
        return "hall-sim";
    }

    @Override
    public String usage() {
        return "hall-sim --broker <url> --boards N --pace casual|blitz [--board full|light] [--hall-id ID]"
                + " [--games K] [--state DIR] [--time main=600,byoyomi=30]"
                + "   N simulated boards playing in a hall";
    }

    @Override
    public int run(List<String> args, PrintStream out) throws Exception {
        Options o = Options.parse(args, Set.of("broker", "boards", "pace", "hall-id", "games", "state", "ack-log",
                "seed", "board", "time"));
        String broker = o.get("broker", "");
        long boards = o.getLong("boards", 0);
        if (boards < 1 || boards > 2000) {
            throw new UsageError("--boards 1..2000 is required");
        }
        Pace pace;
        try {
            pace = Pace.parse(o.get("pace", "casual"));
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        String hallId = o.get("hall-id", HallConfig.DEFAULT_HALL_ID);
        int games = (int) o.getLong("games", 0);
        long seed = o.getLong("seed", 1);
        Path state = o.values().containsKey("state") ? Path.of(o.get("state", ""))
                : Files.createTempDirectory("shogiban-hall-sim");
        PrintWriter acks = o.values().containsKey("ack-log") ? new PrintWriter(Files.newBufferedWriter(
                Path.of(o.get("ack-log", "")), StandardCharsets.UTF_8), true) : null;
        try {
            HallSettings.of(broker, hallId, "sim-001", Optional.empty(), Optional.empty(), Optional.empty());
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        boolean light = switch (o.get("board", "full")) {
            case "full" -> false;
            case "light" -> true;
            default -> throw new UsageError("--board is full or light, not '" + o.get("board", "") + "'");
        };
        TimeControl time;
        try {
            time = o.values().containsKey("time") ? TimeControl.parse(o.get("time", "")) : TimeControl.NONE;
        } catch (IllegalArgumentException e) {
            throw new UsageError("--time: " + e.getMessage());
        }
        List<AutoCloseable> all = new ArrayList<>();
        try {
            List<Runnable> plays = new ArrayList<>();
            List<LightBoard> lights = new ArrayList<>();
            for (int i = 1; i <= boards; i++) {
                String id = String.format("sim-%03d", i);
                HallSettings settings = HallSettings.of(broker, hallId, id, Optional.empty(), Optional.empty(),
                        Optional.of("0000"));
                Path dir = Files.createDirectories(state.resolve(id));
                if (light) {
                    LightBoard b = new LightBoard(id, dir, settings, pace, seed * 1000 + i, acks, time);
                    all.add(b);
                    lights.add(b);
                } else {
                    SimulatedBoard b = new SimulatedBoard(id, dir, settings, pace, seed * 1000 + i, acks);
                    all.add(b);
                    plays.add(() -> b.play(games));
                }
            }
            out.println("hall-sim: " + boards + (light ? " light" : "") + " boards in hall " + hallId + " via "
                    + broker + ", state in " + state);
            Optional<String> away = brokerProblem(broker);
            if (away.isPresent()) {
                out.println("hall-sim: " + away.get() + "; the boards keep trying and play once it is there");
                Thread.ofVirtual().name("hall-sim-broker-watch").start(() -> sayWhenReachable(broker, out));
            }
            out.flush();
            if (light) {
                LightBoards.drive(lights, games);
            } else {
                List<Thread> players = new ArrayList<>();
                for (int i = 0; i < plays.size(); i++) {
                    players.add(Thread.ofVirtual().name("hall-sim-" + (i + 1)).start(plays.get(i)));
                }
                for (Thread t : players) {
                    t.join();
                }
            }
            return 0;
        } finally {
            for (AutoCloseable b : all) {
                b.close();
            }
            if (acks != null) {
                acks.close();
            }
        }
    }

    /**
     * Why the broker cannot be reached now (a TCP connection to its host and port within 2 s), or empty when it can:
     * said at start, as the boards would otherwise wait without a word.
     */
    static Optional<String> brokerProblem(String broker) {
        java.net.URI uri;
        try {
            uri = java.net.URI.create(broker);
        } catch (IllegalArgumentException e) {
            return Optional.of("the broker " + broker + " is not a URL like tcp://host:1883");
        }
        boolean tls = "ssl".equals(uri.getScheme()) || "mqtts".equals(uri.getScheme());
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 8883 : 1883;
        if (uri.getHost() == null) {
            return Optional.of("the broker " + broker + " names no host");
        }
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress(uri.getHost(), port), 2000);
            return Optional.empty();
        } catch (java.io.IOException e) {
            return Optional.of("the broker " + broker + " is not reachable (" + e.getMessage() + ")");
        }
    }

    private static void sayWhenReachable(String broker, PrintStream out) {
        try {
            while (brokerProblem(broker).isPresent()) {
                Thread.sleep(2000);
            }
            out.println("hall-sim: the broker " + broker + " is reachable now");
            out.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
