package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.shogiban.bridge.BoardLinkClient;
import org.shogiban.bridge.PlayerNames;
import org.shogiban.bridge.UsiBridge;
import org.shogiban.link.JSerialCommTransport;

/**
 * {@code usi --serial DEVICE [--baud N] [--board-id NAME] [--player NAME] [--opponent NAME]}: the board as a USI
 * engine for a shogi program (ShogiHome, an engine match runner). USI on stdin and stdout, the link protocol to the
 * board on DEVICE; logs on stderr. The names go into the games' records (the program's options may set them too).
 */
final class UsiCommand implements CliCommand {
    @Override
    public String name() {
        return "usi";
    }

    @Override
    public String usage() {
        return "usi --serial DEVICE [--baud N] [--board-id NAME] [--player NAME] [--opponent NAME]   the board as a USI"
                + " engine (USI on stdin/stdout; the names of the player at the board and of the program's side go"
                + " into the records)";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws InterruptedException {
        String device = null;
        int baud = 115200;
        String boardId = "board";
        Optional<String> player = Optional.empty();
        Optional<String> opponent = Optional.empty();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--serial" -> device = value(args, ++i, a);
                case "--baud" -> baud = baud(value(args, ++i, a));
                case "--board-id" -> boardId = value(args, ++i, a).replaceAll("\\s", "_");
                case "--player" -> player = Optional.of(value(args, ++i, a));
                case "--opponent" -> opponent = Optional.of(value(args, ++i, a));
                default -> throw new UsageException("unknown option '" + a + "'; usage: " + usage());
            }
        }
        if (device == null) {
            throw new UsageException("--serial DEVICE is needed (/dev/ttyACM0, COM3, /dev/cu.usbmodem1101); usage: "
                    + usage());
        }
        return new UsiBridge(new JSerialCommTransport(Path.of(device), baud), out, boardId,
                new PlayerNames(player, opponent), BoardLinkClient.REPLY_MILLIS).run(in);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int baud(String text) {
        try {
            int b = Integer.parseInt(text);
            if (b >= 1200 && b <= 4_000_000) {
                return b;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException("--baud '" + text + "' is not a baud rate between 1200 and 4000000");
    }
}
