package org.shogiban.hal.readiness;

import java.util.List;

/**
 * Thrown where the board cannot start on this Pi: each missing part is one {@link PiProblem}, so the caller says
 * one sentence per part and no stack trace (the cause, if any, is for the log at debug level).
 */
public final class PiNotReady extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<PiProblem> problems;

    public PiNotReady(List<PiProblem> problems, Throwable cause) {
        super(problems.isEmpty() ? "the Raspberry Pi is not ready" : problems.get(0).sentence(), cause);
        this.problems = List.copyOf(problems);
    }

    public PiNotReady(List<PiProblem> problems) {
        this(problems, null);
    }

    /** Every missing part, in the order a builder checks them. */
    public List<PiProblem> problems() {
        return problems;
    }
}
