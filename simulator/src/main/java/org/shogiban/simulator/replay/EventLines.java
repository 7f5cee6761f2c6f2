package org.shogiban.simulator.replay;

import org.shogiban.inference.InferenceEvent;
import org.shogiban.rules.Move;

/** The one-line text of each inference event, as {@code replay-trace} prints it. */
public final class EventLines {
    private EventLines() {
    }

    /**
     * {@code move 7g7f}, {@code illegal P*5e TWO_PAWNS}, {@code promotion-pending 9b}, {@code takeback 3c3d 7g7f}
     * (the undone moves, last first), {@code discrepancy 7g(expected P, read empty) ...}, {@code in-sync}.
     */
    public static String line(InferenceEvent event) {
        return switch (event) {
            case InferenceEvent.MoveCompleted m -> m.isLegal() ? "move " + m.move().usi()
                    : "illegal " + m.move().usi() + " " + m.verdict().reason();
            case InferenceEvent.PromotionPending p -> "promotion-pending " + p.square().usi();
            case InferenceEvent.TakeBack t -> "takeback " + String.join(" ",
                    t.undone().stream().map(Move::usi).toList());
            case InferenceEvent.Discrepancy d -> "discrepancy " + d.describe();
            case InferenceEvent.BackInSync b -> "in-sync";
        };
    }
}
