package org.shogiban.simulator.hallsim;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.simulator.physical.PhysicalBoard;
import org.shogiban.simulator.replay.HandlingGenerator;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.trace.TraceEvent;

/**
 * What the simulated players of a hall's board do with the pieces, on the board's memory sensors: lay a position
 * out, make one event of a generated handling, and choose a random legal game that hands can play. Shared by the
 * full ({@link SimulatedBoard}) and the light ({@link LightBoard}) simulated board.
 */
final class SimulatedHands {
    private SimulatedHands() {
    }

    /** Every piece of a position on the sensors at once. */
    static void layOut(MemoryBoard hardware, Position position) {
        ExpectedFrame picture = ExpectedFrame.of(position);
        for (int i = 0; i < 81; i++) {
            hardware.squares.set(i, picture.reading(i, SensorKind.OCCUPANCY));
        }
        for (Player p : Player.values()) {
            for (KomadaiSlot s : KomadaiSlot.values()) {
                hardware.komadai.set(p, s, picture.komadai(p, s));
            }
        }
    }

    /** One event of a handling: the physical pieces move, the sensors read what they now hold. */
    static void apply(MemoryBoard hardware, PhysicalBoard physical, TraceEvent e) {
        physical.apply(e);
        switch (e) {
            case TraceEvent.Lift l -> write(hardware, physical, l.place());
            case TraceEvent.Put p -> write(hardware, physical, p.place());
            case TraceEvent.Press p -> hardware.buttons.click(p.button());
        }
    }

    private static void write(MemoryBoard hardware, PhysicalBoard physical, Place place) {
        switch (place) {
            case Place.OnSquare s -> hardware.squares.set(s.square().index(),
                    physical.reading(s.square().index(), SensorKind.OCCUPANCY));
            case Place.OnKomadai k -> hardware.komadai.set(k.player(), k.slot(),
                    physical.komadai(k.player().ordinal() * 7 + k.slot().ordinal()));
        }
    }

    /** A random legal game that hands can play, stopping before it would end by itself. */
    static List<Move> randomGame(Random random, int plies) {
        return randomGame(random, Position.startpos(), plies);
    }

    /** Random legal moves from a position that hands can play, stopping before the game would end by itself. */
    static List<Move> randomGame(Random random, Position from, int plies) {
        List<Move> moves = new ArrayList<>();
        Position p = from;
        for (int i = 0; i < plies; i++) {
            List<Move> legal = new ArrayList<>();
            for (Move m : p.legalMoves()) {
                if (HandlingGenerator.whyNotByHand(p, m).isEmpty() && !p.play(m).legalMoves().isEmpty()) {
                    legal.add(m);
                }
            }
            if (legal.isEmpty()) {
                break;
            }
            Move m = legal.get(random.nextInt(legal.size()));
            moves.add(m);
            p = p.play(m);
        }
        return moves;
    }
}
