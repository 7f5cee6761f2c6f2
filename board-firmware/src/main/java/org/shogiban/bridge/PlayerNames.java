package org.shogiban.bridge;

import java.util.List;
import java.util.Optional;
import org.shogiban.rules.Side;

/**
 * The names the bridge gives its games' players, written in the board's records: the player at the board's and the
 * program side's, from the bridge's command line ({@code usi --player NAME --opponent NAME}) and from the options the
 * program sends ({@code setoption name PlayerName value ...}, {@code OpponentName}, and {@code USI_OpponentName} as
 * some GUIs send it). A name is at most 64 characters, one line, without double quotes (the link's {@code NEW}
 * quotes it).
 */
public final class PlayerNames {
    /** No names: the records name no players. */
    public static final PlayerNames NONE = new PlayerNames(Optional.empty(), Optional.empty());
    /** The options the bridge declares to the program. */
    static final List<String> OPTIONS = List.of("PlayerName", "OpponentName");

    private Optional<String> player;
    private Optional<String> opponent;

    /**
     * @param player the name of the player at the board
     * @param opponent the name of the program's side
     */
    public PlayerNames(Optional<String> player, Optional<String> opponent) {
        this.player = player.flatMap(PlayerNames::clean);
        this.opponent = opponent.flatMap(PlayerNames::clean);
    }

    Optional<String> player() {
        return player;
    }

    Optional<String> opponent() {
        return opponent;
    }

    /** A {@code setoption} the program sent ({@code name <id> [value <x>]}): a name taken, anything else accepted. */
    void option(String arguments) {
        String[] nv = arguments.strip().split("\\s+value(\\s+|$)", 2);
        String name = nv[0].replaceFirst("^name\\s+", "").strip();
        Optional<String> value = nv.length > 1 ? clean(nv[1]) : Optional.empty();
        switch (name) {
            case "PlayerName" -> player = value;
            case "OpponentName", "USI_OpponentName" -> opponent = value;
            default -> { }
        }
    }

    /** The {@code NEW} options naming the players, for a game where the program plays {@code host}. */
    String newGameWords(Side host) {
        StringBuilder words = new StringBuilder();
        Optional<String> sente = host == Side.SENTE ? opponent : player;
        Optional<String> gote = host == Side.SENTE ? player : opponent;
        sente.ifPresent(n -> words.append(" sente=\"").append(n).append('"'));
        gote.ifPresent(n -> words.append(" gote=\"").append(n).append('"'));
        return words.toString();
    }

    private static Optional<String> clean(String name) {
        String n = name.replaceAll("[\\p{Cntrl}\"]", " ").strip();
        if (n.isEmpty() || n.equals("<empty>")) {
            return Optional.empty();
        }
        return Optional.of(n.codePointCount(0, n.length()) <= 64 ? n : n.substring(0, n.offsetByCodePoints(0, 64)));
    }
}
