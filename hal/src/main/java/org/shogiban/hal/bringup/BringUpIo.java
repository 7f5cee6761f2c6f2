package org.shogiban.hal.bringup;

/** How the bring-up tool speaks with the builder: lines to read, and yes/no questions about what they see or hear. */
public interface BringUpIo {
    /** One line for the builder (an instruction, a table row, a result). */
    void say(String line);

    /** Asks a question answered yes or no; an answer the tool cannot read counts as no. */
    boolean confirm(String question);
}
