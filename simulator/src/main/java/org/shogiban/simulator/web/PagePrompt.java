package org.shogiban.simulator.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.BoardView;

/**
 * What only the web page needs besides the board's snapshot, written from the typed facts: the one thing it asks the players for now, in the page's
 * kinds ({@code setup}, {@code promotion}, {@code put-back}, {@code check}, {@code next-game}), or null. Served in
 * {@code /api/view} as {@code prompt}; {@code /api/state} stays the board's own document.
 */
final class PagePrompt {
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();
    private PagePrompt() {
    }

    /** The prompt for what the board shows now. */
    static ObjectNode of(BoardView view, BoardFacts facts) {
        ObjectNode waiting = waitingFor(view);
        if (waiting == null && facts.waitsFor(BoardFacts.Prompt.Kind.PIECES)) {
            // after a resume or an undo the board checks the pieces against the game; nothing is wrong, hold still
            waiting = JsonNodeFactory.instance.objectNode().put("kind", "check");
        }
        if (waiting == null && view.phase() == org.shogiban.session.BoardPhase.PLAYING) {
            // the engine's move to make on the board, or the engine thinking
            waiting = facts.prompts().stream().filter(p -> p.kind() == BoardFacts.Prompt.Kind.OPPONENT_MOVE
                            || p.kind() == BoardFacts.Prompt.Kind.OPPONENT_THINKING).findFirst()
                    .map(p -> (ObjectNode) JSON.valueToTree(BoardSnapshot.Waiting.of(p))).orElse(null);
        }
        return waiting;
    }

    private static ObjectNode waitingFor(BoardView view) {
        ObjectNode w = JsonNodeFactory.instance.objectNode();
        switch (view.phase()) {
            case SETTING_UP -> w.put("kind", "setup");
            case OVER -> {
                w.put("kind", "next-game");
                w.put("button", "menu");
                return w;
            }
            case PLAYING -> {
                if (view.illegalMove() != null) {
                    w.put("kind", "put-back");
                    w.put("move", view.illegalMove().usi());
                } else if (view.promotionSquare() != null) {
                    w.put("kind", "promotion");
                    w.put("square", view.promotionSquare().usi());
                    return w;
                } else if (!view.wrongSquares().isEmpty() || !view.wrongSlots().isEmpty()) {
                    w.put("kind", "put-back");
                } else {
                    return null;
                }
            }
        }
        ArrayNode squares = w.putArray("squares");
        for (SquareMismatch m : view.wrongSquares()) {
            squares.add(m.square().usi());
        }
        ArrayNode slots = w.putArray("slots");
        for (SlotMismatch m : view.wrongSlots()) {
            slots.add(m.place());
        }
        return w;
    }
}
