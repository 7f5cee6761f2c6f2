package org.shogiban.rules;

import java.util.Arrays;

/** The pieces one side holds in hand (持ち駒, on the komadai, the piece stand): a count per hand kind. */
public final class Hand {
    /** How many of each hand kind a full set of 40 has: P L N S G B R. */
    public static final int[] FULL_SET = {18, 4, 4, 4, 4, 2, 2};
    /** The most of one kind a hand may hold (problem positions may exceed a set, never this). */
    public static final int MAX_COUNT = 18;
    /** An empty hand. */
    public static final Hand EMPTY = new Hand(new int[7]);

    private final int[] counts;

    private Hand(int[] counts) {
        this.counts = counts;
    }

    /** A hand from counts in {@link PieceType#HAND_KINDS} order. */
    public static Hand of(int... counts) {
        if (counts.length != 7) {
            throw new IllegalArgumentException("a hand has 7 counts (P L N S G B R), got " + counts.length);
        }
        for (int i = 0; i < 7; i++) {
            if (counts[i] < 0 || counts[i] > MAX_COUNT) {
                throw new IllegalArgumentException("a hand holds 0.." + MAX_COUNT + " " + PieceType.HAND_KINDS[i]
                        + ", not " + counts[i]);
            }
        }
        return new Hand(counts.clone());
    }

    /** How many of a hand kind are held. */
    public int count(PieceType kind) {
        return kind.isHandKind() ? counts[kind.handIndex()] : 0;
    }

    /** The counts in {@link PieceType#HAND_KINDS} order. */
    public int[] counts() {
        return counts.clone();
    }

    public boolean isEmpty() {
        for (int c : counts) {
            if (c != 0) {
                return false;
            }
        }
        return true;
    }

    /** The total pieces held. */
    public int size() {
        int n = 0;
        for (int c : counts) {
            n += c;
        }
        return n;
    }

    /** This hand with one more of a kind. */
    public Hand plus(PieceType kind) {
        int[] c = counts.clone();
        c[kind.unpromoted().handIndex()]++;
        return of(c);
    }

    /** This hand with one fewer of a kind. */
    public Hand minus(PieceType kind) {
        int[] c = counts.clone();
        c[kind.handIndex()]--;
        return of(c);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Hand h && Arrays.equals(counts, h.counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 6; i >= 0; i--) {
            if (counts[i] > 0) {
                sb.append(PieceType.HAND_KINDS[i].letter()).append(counts[i]);
            }
        }
        return sb.isEmpty() ? "-" : sb.toString();
    }
}
