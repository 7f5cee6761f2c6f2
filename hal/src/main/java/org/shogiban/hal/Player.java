package org.shogiban.hal;

/** The two players as the hardware knows them: whose komadai, whose clock button. */
public enum Player {
    SENTE, GOTE
}
