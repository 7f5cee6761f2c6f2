package org.shogiban.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.shogiban.notation.UsiPositionLine;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;

/** {@code judge <file|->}: plays a game record as an arbiter and prints one JSON line with the verdict. */
final class JudgeCommand implements CliCommand {
    @Override
    public String name() {
        return "judge";
    }

    @Override
    public String usage() {
        return "judge <file|->   play a game (USI position line) and print the arbiter's verdict as JSON";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws IOException {
        if (args.size() != 1) {
            throw new UsageException("expected one file or '-', got " + args.size() + " arguments");
        }
        if (args.get(0).startsWith("-") && !args.get(0).equals("-")) {
            throw new UsageException("unknown option '" + args.get(0) + "'");
        }
        byte[] bytes = readInput(args.get(0), in);
        String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8).strip();
        UsiPositionLine line = UsiPositionLine.parse(firstLine(text));
        Game game = new Game(line.start());
        for (Move move : line.moves()) {
            if (game.isOver()) {
                break;
            }
            game.play(move);
        }
        out.println(JudgeJson.format(game, game.result()));
        return 0;
    }

    static byte[] readInput(String name, InputStream in) throws IOException {
        if (name.equals("-")) {
            return in.readAllBytes();
        }
        try {
            return Files.readAllBytes(Path.of(name));
        } catch (NoSuchFileException e) {
            throw new UsageException("no such file: " + name);
        }
    }

    private static String firstLine(String text) {
        for (String l : text.split("\\R")) {
            if (!l.isBlank() && !l.startsWith("#")) {
                return l;
            }
        }
        throw new UsageException("the input holds no game");
    }

    /** Formats the verdict line. */
    static final class JudgeJson {
        private JudgeJson() {
        }

        static String format(Game game, GameResult result) {
            StringBuilder sb = new StringBuilder("{");
            sb.append("\"plies\":").append(game.plies());
            sb.append(",\"sfen\":\"").append(game.current().toSfen()).append('"');
            sb.append(",\"status\":\"").append(result.status()).append('"');
            sb.append(",\"winner\":\"").append(result.winner() == null ? "none" : result.winner().label()).append('"');
            if (result.reason() != null) {
                sb.append(",\"reason\":\"").append(result.reason()).append('"');
                sb.append(",\"ply\":").append(result.ply());
            }
            return sb.append('}').toString();
        }
    }
}
