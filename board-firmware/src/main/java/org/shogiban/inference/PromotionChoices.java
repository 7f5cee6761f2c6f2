package org.shogiban.inference;

import java.util.ArrayList;
import java.util.List;

/**
 * The players' promote (成) and confirm (不成) presses and what they chose for: the move in progress (a press made
 * before the board asked), a move waiting for its choice, or a move inside a sequence (the press between its lift
 * and the next move's lift). With no press the configured default applies. Mutable, owned by the inference.
 */
final class PromotionChoices {
    private final PromotionChoice defaultChoice;
    /** The presses since the board last agreed with the game, for the moves of a sequence. */
    private final List<Press> presses = new ArrayList<>();
    /** A press made while a move was in progress, for the move being made. */
    private PromotionChoice requested;

    PromotionChoices(PromotionChoice defaultChoice) {
        this.defaultChoice = defaultChoice;
    }

    void pressed(PromotionChoice choice, long timeMillis) {
        presses.add(new Press(timeMillis, choice));
    }

    /** The press was made for the move in progress (the board does not show the agreed position). */
    void request(PromotionChoice choice) {
        requested = choice;
    }

    /** The choice pressed for the move in progress, or null. */
    PromotionChoice requested() {
        return requested;
    }

    /** The board agrees with the game: {@code forget} the presses too when the changes before now are forgotten. */
    void agreed(boolean forget) {
        if (forget) {
            presses.clear();
        }
        requested = null;
    }

    /** The choice for a move waiting for one: the one made for it, else for the move in progress, else the default. */
    PromotionChoice forWaiting(Provisional p) {
        if (p.choice() != null) {
            return p.choice();
        }
        return requested != null ? requested : defaultChoice;
    }

    /** The choice for a move a clock press counts: the waiting move's when it is that move, else as in progress. */
    PromotionChoice forPressed(Provisional p, Candidate c) {
        return p != null && p.candidate().move().equals(c.move()) ? forWaiting(p)
                : requested != null ? requested : defaultChoice;
    }

    /** The last press in a time window, else the default. */
    PromotionChoice after(long from, long to) {
        PromotionChoice pressed = between(from, to);
        return pressed != null ? pressed : defaultChoice;
    }

    /** The last press in a time window, or null. */
    PromotionChoice between(long from, long to) {
        PromotionChoice choice = null;
        for (Press press : presses) {
            if (press.timeMillis() >= from && press.timeMillis() <= to) {
                choice = press.choice();
            }
        }
        return choice;
    }

    /**
     * On an occupancy board the sensors cannot see whether a move inside a sequence promoted: the player's press
     * between its lift and the next move's lift tells, else the reply ended the question with the default. Keeps
     * the sequences whose inner optional promotions are those choices.
     */
    List<List<SequenceSearch.Step>> keepChosen(List<List<SequenceSearch.Step>> found) {
        List<List<SequenceSearch.Step>> kept = new ArrayList<>(found.size());
        for (List<SequenceSearch.Step> q : found) {
            boolean agrees = true;
            for (int k = 0; k < q.size() - 1 && agrees; k++) {
                SequenceSearch.Step step = q.get(k);
                if (step.candidate().optional()) {
                    PromotionChoice choice = after(step.startMillis(), q.get(k + 1).startMillis());
                    agrees = step.move().promote() == choice.promotes();
                }
            }
            if (agrees) {
                kept.add(q);
            }
        }
        return kept;
    }

    /** A promote or confirm press, kept to tell which move of a sequence it chose for. */
    private record Press(long timeMillis, PromotionChoice choice) {
    }
}
